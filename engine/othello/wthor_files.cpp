// Writing WTHOR databases and reading/writing their player and tournament lists (layout in
// wthor.hpp, after the French Othello Federation's "Format des fichiers WTHOR").
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "engine/core/errors.hpp"
#include "engine/core/utc_time.hpp"
#include "engine/othello/wthor.hpp"

namespace arena::othello {
namespace {

constexpr std::size_t kHeaderBytes = 16;

/// The 16-byte header dated today: games N1 (bytes 4-7), records N2 (8-9), the games' year
/// (10-11), board size 8 (12), game type 0 = normal (13), depth 0 (14).
std::vector<std::uint8_t> header(std::uint32_t games, std::uint16_t records, int year) {
  const std::tm utc = core::utc_calendar();
  const int created = utc.tm_year + 1900;
  return {static_cast<std::uint8_t>(created / 100),
          static_cast<std::uint8_t>(created % 100),
          static_cast<std::uint8_t>(utc.tm_mon + 1),
          static_cast<std::uint8_t>(utc.tm_mday),
          static_cast<std::uint8_t>(games & 0xFF),
          static_cast<std::uint8_t>((games >> 8) & 0xFF),
          static_cast<std::uint8_t>((games >> 16) & 0xFF),
          static_cast<std::uint8_t>((games >> 24) & 0xFF),
          static_cast<std::uint8_t>(records & 0xFF),
          static_cast<std::uint8_t>((records >> 8) & 0xFF),
          static_cast<std::uint8_t>(year & 0xFF),
          static_cast<std::uint8_t>((year >> 8) & 0xFF),
          8, 0, 0, 0};
}

void write_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out.flush()) throw InputError(path + ": cannot write the WTHOR file");
}

}  // namespace

std::vector<std::string> read_wthor_names(const std::string& path, std::size_t record_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(where(path, 0) + "cannot open the WTHOR name list");
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                        std::istreambuf_iterator<char>());
  const std::size_t count = bytes.size() < kHeaderBytes ? 0 : (bytes[8] | bytes[9] << 8);
  if (bytes.size() < kHeaderBytes || bytes.size() != kHeaderBytes + count * record_bytes) {
    throw InputError(where(path, 0) + "not a WTHOR name list: size " +
                     std::to_string(bytes.size()) + " is not 16 + " +
                     std::to_string(record_bytes) + " x the header's count " +
                     std::to_string(count));
  }
  std::vector<std::string> names;
  for (std::size_t k = 0; k < count; ++k) {
    const char* at = reinterpret_cast<const char*>(bytes.data() + kHeaderBytes + k * record_bytes);
    std::string name(at, record_bytes);
    name.resize(name.find('\0') == std::string::npos ? record_bytes : name.find('\0'));
    names.push_back(std::move(name));
  }
  return names;
}

void write_wthor_names(const std::string& path, const std::vector<std::string>& names,
                       std::size_t record_bytes, int year) {
  if (names.size() > 0xFFFF) throw InputError(path + ": more than 65535 names");
  std::vector<std::uint8_t> bytes = header(0, static_cast<std::uint16_t>(names.size()), year);
  for (const auto& n : names) {
    std::vector<std::uint8_t> rec(record_bytes, 0);
    std::copy_n(n.begin(), std::min(n.size(), record_bytes - 1), rec.begin());
    bytes.insert(bytes.end(), rec.begin(), rec.end());
  }
  write_bytes(path, bytes);
}

void write_wthor_database(const std::string& path, const std::vector<WthorGame>& games, int year) {
  std::vector<std::uint8_t> bytes = header(static_cast<std::uint32_t>(games.size()), 0, year);
  for (const auto& g : games) {
    const auto rec = encode_wthor_record(g.moves, g.black_discs, g.tournament, g.black, g.white);
    bytes.insert(bytes.end(), rec.begin(), rec.end());
  }
  write_bytes(path, bytes);
}

}  // namespace arena::othello
