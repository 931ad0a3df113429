// `arena convert FILE --to FILE`: between arena game logs and the field's record formats
// (records/formats.hpp). Every input game is replayed under the game's rules on the way in, so
// a converted log holds only legal games; formats are told by the file names or given with
// --from-format / --to-format. `--to FILE.obf --label KIND` writes labelled positions instead
// (tune/label_export.hpp): the positions the tuner would sample, one a line with its label.
#include <fstream>
#include <iostream>
#include <utility>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/text_file.hpp"
#include "engine/registry/games.hpp"
#include "engine/registry/log_check.hpp"
#include "engine/registry/record_formats.hpp"
#include "records/bridge.hpp"
#include "records/formats.hpp"
#include "tune/label_export.hpp"

namespace po = boost::program_options;

namespace arena::cli {

namespace {

/// The games of one input file, as log records.
struct LoadedGames {
  std::string game;
  std::string rules;
  std::vector<records::GameRecord> games;
  /// Per game, the record's side lines (replayed legal; only formats with game trees, such as
  /// .blksgf, have them), written back by an output format that keeps them. Empty for a log.
  std::vector<std::vector<records::Variation>> variations;
};

/// The side files of the record formats' options (--wthor-players, --wthor-tournaments).
records::FormatOptions format_options(const std::string& players, const std::string& tournaments,
                                      const std::string& source) {
  records::FormatOptions o;
  o.files["wthor-players"] = players;
  o.files["wthor-tournaments"] = tournaments;
  o.source = source;
  return o;
}

LoadedGames load(const records::FormatRef& f, const std::string& path,
                 const std::string& rules_text, const records::FormatOptions& options) {
  if (f.kind == records::FormatRef::Kind::Log) {
    auto set = records::read_logs({path});
    check_log_games(set.run, set.games, where(path, 1));
    for (const auto& w : set.warnings) std::cerr << "arena convert: " << w << "\n";
    return {set.run.game, set.run.rules, std::move(set.games), {}};
  }
  if (!f.record.read) throw InputError(path + ": cannot read format " + f.name());
  LoadedGames out;
  out.game = f.game();
  const auto recs = f.record.read(path, options);
  with_game(out.game, [&]<class G>() {
    const auto rules = G::parse_rules(rules_text);
    out.rules = G::format_rules(rules);
    std::int64_t id = 0;
    for (const auto& r : recs) {
      out.games.push_back(records::to_log_game<G>(r, id++, rules));
      records::check_variations<G>(r.moves, 0, r.variations, r.origin, rules);
      out.variations.push_back(r.variations);
    }
    return 0;
  });
  return out;
}

/// Options of `--to FILE.obf`: the label and the tuner's sampling options with its defaults.
struct PositionsOptions {
  std::string label;
  std::string init;
  tune::SampleOptions sample;
};

/// The labelled positions text of `loaded`'s games (see tune/label_export.hpp).
std::string positions_text(const LoadedGames& loaded, const std::string& from,
                           PositionsOptions po) {
  const auto terms = tune::parse_label(po.label);
  if (terms.size() != 1) {
    throw InputError("--label: a positions file holds one label kind (result, score, search, "
                     "exact or line), got '" + po.label + "'");
  }
  if (po.sample.search_depth > 0) {
    if (po.init.empty()) throw InputError("--search-depth: needs --init CFG (the engine that searches)");
    po.sample.search_config = core::load_engine_config(po.init);
  }
  tune::InputSummary summary;
  const auto games = tune::training_games(loaded.games, loaded.rules, from, summary);
  if (summary.skipped > 0) {
    std::cerr << "arena convert: " << from << ": skipped " << summary.skipped
              << " games that did not end normally\n";
  }
  return with_game(loaded.game, [&]<class G>() {
    tune::SampleStats stats;
    return tune::labelled_positions_text<G>(games, po.sample, terms[0].kind, loaded.rules, stats,
                                            {});
  });
}

/// The command line of `arena convert`.
struct ConvertOptions {
  std::string from;
  std::string to;
  std::string from_format;
  std::string to_format;
  std::string rules_text;
  bool json = false;
  std::string wthor_players;
  std::string wthor_tournaments;
  PositionsOptions positions;
};

/// The options of `arena convert`, read into c.
po::options_description convert_options(ConvertOptions& c) {
  auto& so = c.positions.sample;
  po::options_description opts("convert options");
  opts.add_options()
      ("from", po::value(&c.from)->required(), "input file (or the first positional argument)")
      ("to", po::value(&c.to)->required(), "output file (overwritten)")
      ("from-format", po::value(&c.from_format),
       "input format: log, transcript, ggf, fourcc, blksgf, wtb (default: from the file name)")
      ("to-format", po::value(&c.to_format),
       "output format: log, transcript, ggf, fourcc, blksgf, wtb, positions (default: from the file "
       "name; .obf = positions)")
      ("format", po::value(&c.to_format), "same as --to-format")
      ("rules", po::value(&c.rules_text)->default_value(""),
       "rules of imported games (Blokus Duo: scoring=gpcc|official)")
      ("wthor-players", po::value(&c.wthor_players),
       "WTHOR player list (.JOU): names of a .wtb input's players, or written with a .wtb output")
      ("wthor-tournaments", po::value(&c.wthor_tournaments),
       "WTHOR tournament list (.TRN): read with a .wtb input, or written with a .wtb output (one "
       "tournament named after the input file)")
      ("label", po::value(&c.positions.label),
       "positions output: result | score | search | exact | line. One position a line, 'POSITION; "
       "LABEL': the game's position notation (Othello: 64 squares a1..h8 X/O/- and the side "
       "to move, as in OBF; Blokus Duo: the move codes from the start), then the value for the "
       "side to move in game units. The positions are those arena tune samples")
      ("init", po::value(&c.positions.init), "positions output with --search-depth: the engine that searches")
      ("skip-plies", po::value(&so.skip_plies)->default_value(so.skip_plies),
       "positions output: skip the first K plies of each game (as arena tune)")
      ("max-per-game", po::value(&so.max_per_game)->default_value(so.max_per_game),
       "positions output: at most M positions per game (0 = all)")
      ("seed", po::value(&so.seed)->default_value(so.seed), "positions output: seed of --max-per-game")
      ("exact-empties", po::value(&so.exact_empties)->default_value(so.exact_empties),
       "label exact: solve positions with at most E empties")
      ("search-depth", po::value(&so.search_depth)->default_value(so.search_depth),
       "label search: positions without a recorded search score get one from --init searched "
       "D plies deep (0 = drop them)")
      ("search-max", po::value(&so.search_max)->default_value(so.search_max),
       "with --search-depth: search at most N positions (0 = all)")
      ("json", po::bool_switch(&c.json), "print one JSON document");
  return opts;
}

/// The input and output formats: given, or told by the file names. Throws InputError for an
/// unknown format, a positions input, or --label without a positions output (or the reverse).
std::pair<records::FormatRef, records::FormatRef> convert_formats(const ConvertOptions& c) {
  const auto formats = record_formats();
  auto in_fmt = c.from_format.empty() ? records::format_from_path(c.from, formats)
                                      : records::parse_format(c.from_format, formats);
  auto out_fmt = c.to_format.empty() ? records::format_from_path(c.to, formats)
                                     : records::parse_format(c.to_format, formats);
  using Kind = records::FormatRef::Kind;
  if (in_fmt.kind == Kind::Positions) {
    throw InputError(c.from + ": positions files are written by convert, read by arena tune --positions");
  }
  if ((out_fmt.kind == Kind::Positions) != !c.positions.label.empty()) {
    throw InputError(c.positions.label.empty() ? "--to: a positions file needs --label KIND"
                                               : "--label: only for a positions output (.obf)");
  }
  return {std::move(in_fmt), std::move(out_fmt)};
}

/// Writes `loaded` to c.to in `out_fmt`: labelled positions, a log (its command line `arena
/// convert ARGS`) or a record format with each game's side lines. Throws InputError when the
/// format cannot be written.
void write_converted(const ConvertOptions& c, const records::FormatRef& out_fmt,
                     const LoadedGames& loaded, const records::FormatOptions& options,
                     const std::vector<std::string>& args) {
  using Kind = records::FormatRef::Kind;
  if (out_fmt.kind == Kind::Positions) {
    core::write_text_file(c.to, positions_text(loaded, c.from, c.positions));
  } else if (out_fmt.kind == Kind::Log) {
    std::vector<std::string> command_line = {"arena", "convert"};
    command_line.insert(command_line.end(), args.begin(), args.end());
    records::write_log(c.to, loaded.game, loaded.rules, loaded.games, c.from, command_line);
  } else {
    if (!out_fmt.record.write) {
      throw InputError("format " + out_fmt.name() + " is not a record format that can be written");
    }
    std::vector<records::RecordGame> recs;
    for (std::size_t i = 0; i < loaded.games.size(); ++i) {
      recs.push_back(records::from_log_game(loaded.games[i]));
      // The log game's moves are the record's tokens (a .blksgf writes its passes, so no pass
      // is inserted on replay before the last token): the branch points still hold. Formats
      // without game trees ignore the side lines.
      if (i < loaded.variations.size()) recs.back().variations = loaded.variations[i];
    }
    out_fmt.record.write(c.to, recs, options);
  }
}

/// What was converted, as JSON (--json) or one line.
void print_converted(const ConvertOptions& c, const records::FormatRef& in_fmt,
                     const records::FormatRef& out_fmt, const LoadedGames& loaded) {
  if (c.json) {
    nlohmann::json j = {{"from", c.from},
                        {"from_format", in_fmt.name()},
                        {"to", c.to},
                        {"to_format", out_fmt.name()},
                        {"game", loaded.game},
                        {"games", loaded.games.size()}};
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << "converted " << loaded.games.size() << " " << loaded.game << " games: " << c.from
              << " (" << in_fmt.name() << ") -> " << c.to << " ("
              << out_fmt.name() << ")\n";
  }
}

}  // namespace

int run_convert(const std::vector<std::string>& args) {
  ConvertOptions c;
  const po::options_description opts = convert_options(c);
  po::positional_options_description positional;
  positional.add("from", 1);
  po::variables_map vm;
  if (!parse_options("convert",
                     "FILE --to FILE [--from-format F] [--to-format F] [--label KIND]", opts,
                     positional, args, vm)) {
    return 0;
  }
  const auto [in_fmt, out_fmt] = convert_formats(c);
  const records::FormatOptions options =
      format_options(c.wthor_players, c.wthor_tournaments, c.from);
  const LoadedGames loaded = load(in_fmt, c.from, c.rules_text, options);
  const std::string out_game = out_fmt.game();
  if (!out_game.empty() && out_game != loaded.game) {
    throw InputError("--to: format " + out_fmt.name() + " holds " + out_game +
                     " games, but " + c.from + " holds " + loaded.game + " games");
  }
  write_converted(c, out_fmt, loaded, options, args);
  print_converted(c, in_fmt, out_fmt, loaded);
  return 0;
}

}  // namespace arena::cli
