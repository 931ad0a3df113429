// The customisation point through which the tuner reads a game's real-game record files
// besides arena logs (Othello: WTHOR transcripts .tsv and databases .wtb). A game binds its
// readers by specialising RecordInputs<G> in its own folder (engine/<game>/bind/); the
// registry includes the specialisations, so the tuner names no game.
#pragma once

#include <string>
#include <vector>

#include "tune/inputs.hpp"
#include "tune/options.hpp"

namespace arena::tune {

/// Game G's record readers for the tuner. A specialisation provides:
///  - `kDescription`: what the records are, for messages ("WTHOR records are Othello games");
///  - `reads(path) -> bool`: whether `path` is one of its record files (by the file name);
///  - `check(options)`: validates the options its reader uses (InputError naming the option),
///    called for every registered game before any input is read;
///  - `read(path, options, summary) -> std::vector<TrainingGame>`: the file's games, with
///    summary's path, kind, hash and counts filled. Throws InputError naming the file.
/// The primary template, for games without such records, provides nothing.
template <class G>
struct RecordInputs {};

/// Whether game G binds record readers for the tuner.
template <class G>
concept HasRecordInputs = requires(const std::string& path) {
  { RecordInputs<G>::reads(path) } -> std::convertible_to<bool>;
};

}  // namespace arena::tune
