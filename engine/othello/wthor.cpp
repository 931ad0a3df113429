// WTHOR transcript and database readers (see wthor.hpp): parse, replay with implicit passes,
// classify, apply the policy.
#include "engine/othello/wthor.hpp"

#include <charconv>
#include <fstream>
#include <iterator>

#include "engine/core/errors.hpp"
#include "engine/othello/notation.hpp"
#include "engine/othello/othello.hpp"

namespace arena::othello {
namespace {

constexpr std::size_t kHeaderBytes = 16;
constexpr std::size_t kRecordBytes = 68;
constexpr std::size_t kMoveBytes = 60;

/// Replays `squares` (0..63) from the start into g.moves, inserting passes where the side to
/// move has no legal move. Returns "" when every square is legal, else "move N (sq): why" for
/// the first that is not (or comes after the end of the game).
std::string replay(const std::vector<int>& squares, RecordedGame& g) {
  Position p = Othello::initial();
  for (std::size_t i = 0; i < squares.size(); ++i) {
    const int sq = squares[i];
    const std::string at = "move " + std::to_string(i + 1) + " (" + square_name(sq) + "): ";
    if (Othello::move_mask(p) == 0) {
      if (Othello::is_terminal(p)) return at + "the game is already over";
      p = Othello::play(p, Othello::pass_move());
      g.moves.emplace_back("pass");
    }
    if ((Othello::move_mask(p) & square_bit(sq)) == 0) return at + "not a legal move here";
    p = Othello::play(p, Move{static_cast<std::uint8_t>(sq)});
    g.moves.push_back(square_name(sq));
  }
  g.complete = Othello::is_terminal(p);
  g.replayed_score = Othello::final_score(p);
  return "";
}

/// Counts g in `stats` and appends it to `out` unless the policy drops it.
void classify(RecordedGame&& g, const std::string& illegal, InvalidRecordPolicy policy,
              RecordStats& stats, std::vector<RecordedGame>& out) {
  ++stats.records;
  if (!illegal.empty()) {
    if (stats.illegal < RecordStats::kNamedIllegal) {
      stats.illegal_records.push_back(g.source + ": " + illegal);
    }
    ++stats.illegal;
    ++stats.skipped;
    return;
  }
  const bool invalid = !g.complete || g.recorded_score != g.replayed_score;
  if (!g.complete) {
    ++stats.incomplete;
  } else if (g.recorded_score != g.replayed_score) {
    ++stats.mismatched;
  }
  if (invalid && policy == InvalidRecordPolicy::Skip) {
    ++stats.skipped;
    return;
  }
  ++stats.kept;
  out.push_back(std::move(g));
}

bool parse_int(std::string_view s, int& v) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

InvalidRecordPolicy parse_invalid_record_policy(const std::string& text,
                                                const std::string& option) {
  if (text == "use") return InvalidRecordPolicy::UseRecorded;
  if (text == "skip") return InvalidRecordPolicy::Skip;
  throw InputError(option + ": expected 'use' or 'skip', got '" + text + "'");
}

std::vector<RecordedGame> read_wthor_transcripts(const std::string& path,
                                                 InvalidRecordPolicy policy,
                                                 RecordStats& stats) {
  std::ifstream in(path);
  if (!in) throw InputError(where(path, 0) + "cannot open the transcript file");
  std::vector<RecordedGame> out;
  std::string line;
  std::size_t number = 0;
  std::vector<int> squares;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line.front() == '#') continue;
    // Columns: event, "B-W", transcript.
    const auto tab1 = line.find('\t');
    const auto tab2 = tab1 == std::string::npos ? tab1 : line.find('\t', tab1 + 1);
    if (tab2 == std::string::npos || line.find('\t', tab2 + 1) != std::string::npos) {
      throw InputError(where(path, number) +
                       "expected 3 tab-separated columns: event, B-W disc counts, transcript");
    }
    const std::string_view score(line.data() + tab1 + 1, tab2 - tab1 - 1);
    const auto dash = score.find('-');
    int black = 0;
    int white = 0;
    if (dash == std::string_view::npos || !parse_int(score.substr(0, dash), black) ||
        !parse_int(score.substr(dash + 1), white) || black < 0 || white < 0 ||
        black + white > 64) {
      throw InputError(where(path, number) + "expected disc counts 'B-W' (e.g. 34-30), got '" +
                       std::string(score) + "'");
    }
    RecordedGame g;
    g.source = path + ":" + std::to_string(number);
    g.event = line.substr(0, tab1);
    g.recorded_score = black - white;
    // The transcript: squares of two characters, passes implicit ("pass"/"ps"/"--" tolerated).
    const std::string_view moves(line.data() + tab2 + 1, line.size() - tab2 - 1);
    squares.clear();
    for (std::size_t i = 0; i < moves.size();) {
      if (moves[i] == ' ') {
        ++i;
        continue;
      }
      const std::size_t len = moves.substr(i, 4) == "pass" || moves.substr(i, 4) == "PASS" ? 4 : 2;
      const int sq = parse_square(moves.substr(i, len));
      if (sq < 0) {
        throw InputError(where(path, number) + "malformed move '" +
                         std::string(moves.substr(i, len)) + "' in the transcript");
      }
      if (sq != kPassSquare) squares.push_back(sq);
      i += len;
    }
    const std::string illegal = replay(squares, g);
    classify(std::move(g), illegal, policy, stats, out);
  }
  return out;
}

std::vector<RecordedGame> read_wthor_database(const std::string& path,
                                              InvalidRecordPolicy policy, RecordStats& stats,
                                              const WthorNames* names) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(where(path, 0) + "cannot open the WTHOR database");
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                        std::istreambuf_iterator<char>());
  if (bytes.size() < kHeaderBytes || (bytes.size() - kHeaderBytes) % kRecordBytes != 0) {
    throw InputError(where(path, 0) + "not a WTHOR .wtb database: size " +
                     std::to_string(bytes.size()) + " is not 16 + 68 x games");
  }
  const std::size_t games = (bytes.size() - kHeaderBytes) / kRecordBytes;
  const std::uint32_t declared = static_cast<std::uint32_t>(bytes[4]) |
                                 static_cast<std::uint32_t>(bytes[5]) << 8 |
                                 static_cast<std::uint32_t>(bytes[6]) << 16 |
                                 static_cast<std::uint32_t>(bytes[7]) << 24;
  if (declared != games) {
    throw InputError(where(path, 0) + "WTHOR header declares " + std::to_string(declared) +
                     " games but the file holds " + std::to_string(games));
  }
  std::vector<RecordedGame> out;
  std::vector<int> squares;
  for (std::size_t k = 0; k < games; ++k) {
    const std::uint8_t* r = bytes.data() + kHeaderBytes + k * kRecordBytes;
    RecordedGame g;
    g.source = path + "#" + std::to_string(k + 1);
    g.event = std::to_string(r[0] | r[1] << 8);
    if (names != nullptr) {
      const auto name = [&](const std::vector<std::string>& list, int index, const char* what) {
        if (list.empty()) return std::string();
        if (static_cast<std::size_t>(index) >= list.size()) {
          throw InputError(g.source + ": " + what + " index " + std::to_string(index) +
                           " is outside its list of " + std::to_string(list.size()));
        }
        return list[static_cast<std::size_t>(index)];
      };
      if (!names->tournaments.empty()) g.event = name(names->tournaments, r[0] | r[1] << 8, "tournament");
      g.black = name(names->players, r[2] | r[3] << 8, "black player");
      g.white = name(names->players, r[4] | r[5] << 8, "white player");
    }
    g.recorded_score = 2 * static_cast<int>(r[6]) - 64;
    squares.clear();
    for (std::size_t i = 0; i < kMoveBytes && r[8 + i] != 0; ++i) {
      const int row = r[8 + i] / 10;
      const int col = r[8 + i] % 10;
      if (row < 1 || row > 8 || col < 1 || col > 8) {
        throw InputError(g.source + ": move byte " + std::to_string(r[8 + i]) +
                         " is not a square (10 x row + column, 1..8)");
      }
      squares.push_back((row - 1) * 8 + (col - 1));
    }
    const std::string illegal = replay(squares, g);
    classify(std::move(g), illegal, policy, stats, out);
  }
  return out;
}

std::vector<std::uint8_t> encode_wthor_record(const std::vector<std::string>& moves,
                                              int black_discs, int tournament, int black,
                                              int white) {
  std::vector<std::uint8_t> r(kRecordBytes, 0);
  r[0] = static_cast<std::uint8_t>(tournament & 0xFF);
  r[1] = static_cast<std::uint8_t>((tournament >> 8) & 0xFF);
  r[2] = static_cast<std::uint8_t>(black & 0xFF);
  r[3] = static_cast<std::uint8_t>((black >> 8) & 0xFF);
  r[4] = static_cast<std::uint8_t>(white & 0xFF);
  r[5] = static_cast<std::uint8_t>((white >> 8) & 0xFF);
  r[6] = static_cast<std::uint8_t>(black_discs);
  r[7] = static_cast<std::uint8_t>(black_discs);
  std::size_t i = 0;
  for (const auto& m : moves) {
    const int sq = parse_square(m);
    if (sq < 0) throw InputError("encode_wthor_record: malformed move '" + m + "'");
    if (sq == kPassSquare) continue;
    if (i == kMoveBytes) throw InputError("encode_wthor_record: more than 60 moves");
    r[8 + i++] = static_cast<std::uint8_t>(10 * (sq / 8 + 1) + sq % 8 + 1);
  }
  return r;
}

}  // namespace arena::othello
