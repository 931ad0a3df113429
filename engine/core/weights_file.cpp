// Weights side files (format in weights_file.hpp). The checksum covers the header too, so a
// header edited by hand to force a match is caught as damage rather than loaded.
#include "engine/core/weights_file.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"

namespace arena::core {

namespace {

constexpr std::string_view kMagic = "arena-weights 1";
constexpr std::string_view kChecksumTag = "checksum ";
constexpr std::string_view kChecksumLine = "\nchecksum ";

std::string hex16(std::uint64_t v) {
  std::array<char, 17> buf{};
  const auto [end, ec] = std::to_chars(buf.data(), buf.data() + 16, v, 16);
  const std::string digits(buf.data(), end);
  return std::string(16 - digits.size(), '0') + digits;
}

std::string describe(const WeightsHeader& h) {
  return "'" + h.features + "' (declaration " + hex16(h.declaration_hash) + ", " +
         std::to_string(h.num_phases) + " phases, " + std::to_string(h.num_features) +
         " features)";
}

}  // namespace

std::vector<double> read_weights_file(const std::string& path, const WeightsHeader& expected) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open weights file (missing or unreadable)");
  std::ostringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();

  // Step 1. Checksum over everything before the last line.
  const auto tag = text.rfind(kChecksumLine);
  if (tag == std::string::npos) {
    throw InputError(where(path, 0) + "no checksum line (truncated weights file?)");
  }
  const std::string body = text.substr(0, tag + 1);
  const std::string stored = text.substr(tag + 1 + kChecksumTag.size(), 16);
  if (stored != hex16(fnv1a64(body))) {
    throw InputError(where(path, 0) + "checksum mismatch: stored " + stored + ", computed " +
                     hex16(fnv1a64(body)) + " (the file was damaged or edited)");
  }

  // Step 2. Header: refuse weights made for another feature declaration.
  std::istringstream lines(body);
  std::string line;
  std::getline(lines, line);
  if (line != kMagic) {
    throw InputError(where(path, 1) + "expected '" + std::string(kMagic) + "', got '" + line + "'");
  }
  std::getline(lines, line);
  std::istringstream head(line);
  std::string word;
  std::string hash_text;
  WeightsHeader found;
  head >> word >> found.features >> hash_text >> found.num_phases >> found.num_features;
  if (!head || word != "features") {
    throw InputError(where(path, 2) +
                     "expected 'features NAME HASH NUM_PHASES NUM_FEATURES', got '" + line + "'");
  }
  std::from_chars(hash_text.data(), hash_text.data() + hash_text.size(), found.declaration_hash, 16);
  if (!(found == expected)) {
    throw InputError(where(path, 2) + "weights were written for feature set " + describe(found) +
                     ", but the config uses " + describe(expected));
  }

  // Step 3. One line of num_features numbers per phase.
  const auto n = static_cast<std::size_t>(expected.num_features);
  std::vector<double> weights;
  weights.reserve(n * static_cast<std::size_t>(expected.num_phases));
  for (int phase = 0; phase < expected.num_phases; ++phase) {
    const std::size_t line_no = 3 + static_cast<std::size_t>(phase);
    if (!std::getline(lines, line)) {
      throw InputError(where(path, line_no) + "missing the weights of phase " +
                       std::to_string(phase));
    }
    const char* p = line.data();
    const char* end = line.data() + line.size();
    std::size_t count = 0;
    while (true) {
      while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) ++p;
      if (p == end) break;
      double v = 0;
      const auto [next, ec] = std::from_chars(p, end, v);
      if (ec != std::errc() || (next < end && *next != ' ' && *next != '\t' && *next != '\r') ||
          !std::isfinite(v)) {
        throw InputError(where(path, line_no) + "expected a number, got '" +
                         std::string(p, std::min<std::size_t>(20, static_cast<std::size_t>(end - p))) +
                         "'");
      }
      if (std::abs(v) > kMaxWeight) {
        throw InputError(where(path, line_no) + "weight " + std::to_string(count + 1) + " (" +
                         std::string(p, next) +
                         ") is outside [-1e6, 1e6] (larger weights overflow the evaluation)");
      }
      weights.push_back(v);
      ++count;
      p = next;
    }
    if (count != n) {
      throw InputError(where(path, line_no) + "expected " + std::to_string(n) +
                       " weights for phase " + std::to_string(phase) + ", got " +
                       std::to_string(count));
    }
  }
  return weights;
}

void write_weights_file(const std::string& path, const WeightsHeader& header,
                        const std::vector<double>& weights) {
  const auto n = static_cast<std::size_t>(header.num_features);
  if (weights.size() != n * static_cast<std::size_t>(header.num_phases)) {
    throw std::invalid_argument("write_weights_file: weights do not fit the header");
  }
  std::string body = std::string(kMagic) + "\nfeatures " + header.features + " " +
                     hex16(header.declaration_hash) + " " + std::to_string(header.num_phases) +
                     " " + std::to_string(header.num_features) + "\n";
  std::array<char, 32> buf{};
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), weights[i]);
    body.append(buf.data(), end);
    body += (i + 1) % n == 0 ? '\n' : ' ';
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << body << kChecksumTag << hex16(fnv1a64(body)) << "\n";
  if (!out) throw InputError(path + ": cannot write weights file");
}

}  // namespace arena::core
