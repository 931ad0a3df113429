// Weights side files: the large weight tables of pattern evaluations, named by a config's
// `weights_file`. Text, so they diff and survive any platform; a header pins the feature set's
// declaration and an FNV-1a checksum line catches truncated or edited files:
//
//   arena-weights 1
//   features <name> <declaration hash, 16 hex digits> <num_phases> <num_features>
//   <num_features numbers: phase 0>
//   ...                                   (one line per phase)
//   checksum <FNV-1a 64 of every byte before this line, 16 hex digits>
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace arena::core {

/// What a weights file is for: the feature set's name, declaration hash and shape.
struct WeightsHeader {
  std::string features;
  std::uint64_t declaration_hash = 0;
  int num_phases = 0;
  int num_features = 0;

  [[nodiscard]] bool operator==(const WeightsHeader&) const = default;
};

/// Reads a weights file made for `expected`; returns phase-major weights
/// (w[phase * num_features + index]). Throws InputError naming the file (and line) when it is
/// missing, malformed, fails its checksum, or was written for another feature declaration.
[[nodiscard]] std::vector<double> read_weights_file(const std::string& path,
                                                    const WeightsHeader& expected);

/// Writes phase-major `weights` (size num_phases * num_features) for `header`, each number in
/// the shortest form that reads back exactly. Throws InputError when the file cannot be
/// written; std::invalid_argument when the size does not fit the header.
void write_weights_file(const std::string& path, const WeightsHeader& header,
                        const std::vector<double>& weights);

}  // namespace arena::core
