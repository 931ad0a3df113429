// The GTP front end (see gtp_server.hpp): a session reads one command line at a time, finds
// the command in one table (name -> handler, which is also list_commands' answer) and writes
// the handler's answer, or the InputError it threw as a "?" answer.
#include "engine/blokus_duo/bind/gtp_server.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <istream>
#include <optional>
#include <ostream>
#include <sstream>

#include <sys/resource.h>

#include "engine/blokus_duo/bind/records.hpp"
#include "engine/blokus_duo/notation.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/text_file.hpp"

namespace arena::protocol {

namespace {

namespace bd = blokus_duo;
using Args = std::vector<std::string>;

/// One command line: the optional numeric id (echoed in the answer), the command, its words.
struct GtpCommand {
  std::string id;
  std::string name;
  Args args;
};

/// The command of an input line ('\r' and a '#' comment removed); nullopt for a blank line.
std::optional<GtpCommand> parse_gtp_line(std::string line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  const auto hash = line.find('#');
  if (hash != std::string::npos) line.erase(hash);
  std::istringstream words(line);
  GtpCommand c;
  words >> c.name;
  if (c.name.empty()) return std::nullopt;
  if (std::isdigit(static_cast<unsigned char>(c.name[0]))) {
    c.id = c.name;
    words >> c.name;
  }
  for (std::string w; words >> w;) c.args.push_back(w);
  return c;
}

/// The words from args[i] on, joined: a move argument may contain no spaces, but "f9, e10" is
/// accepted.
std::string joined_from(const Args& args, std::size_t i) {
  std::string s;
  for (; i < args.size(); ++i) s += args[i];
  return s;
}

/// The colour args[i] names: 0 for b/black/1, 1 for w/white/2 (any case); InputError else.
int gtp_color(const Args& args, std::size_t i) {
  if (args.size() <= i) throw InputError("missing color (b or w)");
  std::string c = args[i];
  for (auto& ch : c) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (c == "b" || c == "black" || c == "1") return 0;
  if (c == "w" || c == "white" || c == "2") return 1;
  throw InputError("invalid color '" + args[i] + "' (expected b or w)");
}

/// `p`, with the implicit pass of the side to move played when that side is not `color` and
/// has only the pass; `moves` is left holding the legal moves of the result when it is
/// `color`'s turn (else whatever was generated).
bd::Position turn_of(const bd::Position& p, int color, bd::MoveList& moves) {
  bd::Position aligned = p;
  if (p.side != color) {
    bd::generate_moves(p, moves);
    if (moves.size() == 1 && moves[0].is_pass()) aligned = bd::play(p, moves[0]);
  }
  if (aligned.side == color) bd::generate_moves(aligned, moves);
  return aligned;
}

/// The state of one GTP session: the game so far (every position, for undo), the seed of the
/// next search and the clock. Each command is a handler returning its answer text.
class GtpSession {
 public:
  GtpSession(core::Engine<bd::BlokusDuo>& engine, const bd::Rules& rules,
             const std::string& version)
      : engine_(engine),
        rules_(rules),
        version_(version),
        name_(engine.config().name.empty() ? "arena" : engine.config().name),
        history_{bd::initial_position(rules)} {}

  /// The answer text to `c`; InputError for a bad or unknown command.
  std::string answer(const GtpCommand& c);

  /// Whether `quit` was answered.
  [[nodiscard]] bool done() const { return done_; }

  using Handler = std::string (GtpSession::*)(const Args& args);
  /// A command and its handler.
  struct Entry {
    std::string_view name;
    Handler handler;
  };
  /// Every command, in list_commands order.
  static const std::array<Entry, 20> kCommands;

 private:
  std::string protocol_version(const Args&) { return "2"; }
  std::string name(const Args&) { return name_; }
  std::string version(const Args&) { return version_; }
  std::string known_command(const Args& args);
  std::string list_commands(const Args&);
  std::string cputime(const Args&);
  std::string set_random_seed(const Args& args);
  std::string time_settings(const Args& args);
  std::string time_left(const Args& args);
  std::string loadsgf(const Args& args);
  std::string clear_board(const Args&);
  std::string set_game(const Args& args);
  std::string play(const Args& args);
  std::string genmove(const Args& args) { return generate(args, true); }
  std::string reg_genmove(const Args& args) { return generate(args, false); }
  std::string all_legal(const Args& args);
  std::string final_score(const Args&) { return gtp_score(bd::final_score(history_.back())); }
  std::string showboard(const Args&);
  std::string undo(const Args&);
  std::string quit(const Args&) {
    done_ = true;
    return "";
  }

  /// genmove (the move is played) and reg_genmove (it is not): the engine's move for the
  /// colour of args[0] under the clock, if it has one.
  std::string generate(const Args& args, bool play_it);

  core::Engine<bd::BlokusDuo>& engine_;
  bd::Rules rules_;
  std::string version_;
  std::string name_;
  std::vector<bd::Position> history_;
  std::uint64_t seed_ = 1;
  GtpClock clock_;
  bool done_ = false;
};

const std::array<GtpSession::Entry, 20> GtpSession::kCommands = {{
    {"all_legal", &GtpSession::all_legal},
    {"clear_board", &GtpSession::clear_board},
    {"cputime", &GtpSession::cputime},
    {"final_score", &GtpSession::final_score},
    {"genmove", &GtpSession::genmove},
    {"known_command", &GtpSession::known_command},
    {"list_commands", &GtpSession::list_commands},
    {"loadsgf", &GtpSession::loadsgf},
    {"name", &GtpSession::name},
    {"play", &GtpSession::play},
    {"protocol_version", &GtpSession::protocol_version},
    {"quit", &GtpSession::quit},
    {"reg_genmove", &GtpSession::reg_genmove},
    {"set_game", &GtpSession::set_game},
    {"set_random_seed", &GtpSession::set_random_seed},
    {"showboard", &GtpSession::showboard},
    {"time_left", &GtpSession::time_left},
    {"time_settings", &GtpSession::time_settings},
    {"undo", &GtpSession::undo},
    {"version", &GtpSession::version},
}};

std::string GtpSession::answer(const GtpCommand& c) {
  const auto entry = std::find_if(kCommands.begin(), kCommands.end(),
                                  [&](const Entry& e) { return e.name == c.name; });
  if (entry == kCommands.end()) throw InputError("unknown command");
  return (this->*(entry->handler))(c.args);
}

std::string GtpSession::known_command(const Args& args) {
  std::string answer = "false";
  for (const auto& c : gtp_commands()) {
    if (!args.empty() && c == args[0]) answer = "true";
  }
  return answer;
}

std::string GtpSession::list_commands(const Args&) {
  std::string answer;
  for (const auto& c : gtp_commands()) answer += (answer.empty() ? "" : "\n") + c;
  return answer;
}

std::string GtpSession::cputime(const Args&) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", gtp_cpu_seconds());
  return buf;
}

std::string GtpSession::set_random_seed(const Args& args) {
  if (args.empty()) throw InputError("missing seed");
  try {
    seed_ = std::stoull(args[0]);
  } catch (const std::exception&) {
    throw InputError("invalid seed '" + args[0] + "'");
  }
  return "";
}

std::string GtpSession::time_settings(const Args& args) {
  int v[3];
  for (std::size_t i = 0; i < 3; ++i) {
    if (args.size() <= i) throw InputError("expected main_time byo_yomi_time byo_yomi_stones");
    try {
      v[i] = std::stoi(args[i]);
    } catch (const std::exception&) {
      v[i] = -1;
    }
    if (v[i] < 0) throw InputError("invalid time '" + args[i] + "'");
  }
  clock_ = GtpClock{v[0] * 1000, v[1] * 1000, v[2], {v[0] * 1000, v[0] * 1000}, {0, 0}};
  if (v[0] == 0) clock_.left_ms[0] = clock_.left_ms[1] = v[1] * 1000;
  if (v[0] == 0) clock_.left_stones[0] = clock_.left_stones[1] = v[2];
  return "";
}

std::string GtpSession::time_left(const Args& args) {
  const int color = gtp_color(args, 0);
  if (args.size() < 3) throw InputError("expected color time stones");
  try {
    clock_.left_ms[color] = static_cast<int>(std::stod(args[1]) * 1000);
    clock_.left_stones[color] = std::stoi(args[2]);
  } catch (const std::exception&) {
    throw InputError("invalid time_left arguments");
  }
  return "";
}

std::string GtpSession::loadsgf(const Args& args) {
  if (args.empty()) throw InputError("missing file name");
  int n = 0;
  if (args.size() > 1) {
    try {
      n = std::stoi(args[1]);
    } catch (const std::exception&) {
      throw InputError("invalid move number '" + args[1] + "'");
    }
  }
  history_ = gtp_load_sgf(args[0], n, rules_);
  engine_.new_game();
  return "";
}

std::string GtpSession::clear_board(const Args&) {
  history_.assign(1, bd::initial_position(rules_));
  engine_.new_game();
  return "";
}

std::string GtpSession::set_game(const Args& args) {
  std::string variant;
  for (const auto& a : args) variant += (variant.empty() ? "" : " ") + a;
  if (variant != "Blokus Duo" && variant != "duo") {
    throw InputError("unsupported game '" + variant + "' (only Blokus Duo)");
  }
  return clear_board(args);
}

std::string GtpSession::play(const Args& args) {
  const bd::Position& pos = history_.back();
  const int color = gtp_color(args, 0);
  const std::string text = joined_from(args, 1);
  if (text.empty()) throw InputError("missing move");
  std::string lower = text;
  for (auto& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (lower == "pass") {
    // A pass of the colour to move is played when it is its only move; a pass of the
    // other colour is the implicit alternation and changes nothing.
    if (pos.side == color) history_.push_back(bd::play(pos, gtp_parse_move(pos, "pass")));
  } else {
    const bd::Position aligned = gtp_align_turn(pos, color);
    history_.push_back(bd::play(aligned, gtp_parse_move(aligned, text)));
  }
  return "";
}

std::string GtpSession::generate(const Args& args, bool play_it) {
  const bd::Position& pos = history_.back();  // read before the pushes below
  const int color = gtp_color(args, 0);
  bd::MoveList moves;
  const bd::Position aligned = turn_of(pos, color, moves);
  if (aligned.side != color) throw InputError("it is not that color's turn");
  bd::Move best;  // a pass unless there is a placement
  if (!moves.empty() && !(moves.size() == 1 && moves[0].is_pass())) {
    const auto t0 = std::chrono::steady_clock::now();
    const core::SearchLimits limits =
        clock_.limited() ? clock_.limits_for(color, engine_.config().limits) : core::SearchLimits{};
    best = engine_.think(aligned, limits, seed_++).best;
    clock_.charge(color, static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                              std::chrono::steady_clock::now() - t0)
                                              .count()));
  }
  if (play_it && !moves.empty()) {
    if (aligned.plies != pos.plies) history_.push_back(aligned);
    history_.push_back(bd::play(aligned, best));
  }
  return bd::format_pentobi(best);
}

std::string GtpSession::all_legal(const Args& args) {
  const int color = gtp_color(args, 0);
  bd::MoveList moves;
  const bd::Position aligned = turn_of(history_.back(), color, moves);
  std::string answer;
  if (aligned.side != color) return answer;
  for (const auto& m : moves) {
    if (!m.is_pass()) answer += (answer.empty() ? "" : "\n") + bd::format_pentobi(m);
  }
  return answer;
}

std::string GtpSession::showboard(const Args&) {
  const bd::Position& pos = history_.back();
  // Pentobi's labels, so the board reads in genmove's and play's coordinates.
  bd::BoardMarks marks;
  marks.pentobi_labels = true;
  if (pos.plies > 0) marks.last = pos.history[static_cast<std::size_t>(pos.plies - 1)];
  std::string answer = "\n" + bd::render_board(pos, marks);
  while (!answer.empty() && answer.back() == '\n') answer.pop_back();
  return answer;
}

std::string GtpSession::undo(const Args&) {
  if (history_.size() <= 1) throw InputError("no move to undo");
  history_.pop_back();
  return "";
}

}  // namespace

const std::vector<std::string>& gtp_commands() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> names;
    for (const auto& e : GtpSession::kCommands) names.emplace_back(e.name);
    return names;
  }();
  return kNames;
}

int serve_gtp(core::Engine<bd::BlokusDuo>& engine, const bd::Rules& rules,
              const std::string& version, std::istream& in, std::ostream& out) {
  GtpSession session(engine, rules, version);
  std::string line;
  while (!session.done() && std::getline(in, line)) {
    const auto command = parse_gtp_line(line);
    if (!command) continue;
    std::string answer;
    bool ok = true;
    try {
      answer = session.answer(*command);
    } catch (const InputError& e) {
      ok = false;
      answer = e.what();
    }
    out << (ok ? "=" : "?") << command->id << " " << answer << "\n\n" << std::flush;
  }
  return 0;
}

blokus_duo::Move gtp_parse_move(const blokus_duo::Position& p, std::string_view text) {
  // "pass" is four characters too, but no contest code.
  if (text == "pass" || text == "PASS" || text == "Pass") {
    const blokus_duo::Move pass{};
    const auto why = blokus_duo::check_move(p, pass);
    if (why != blokus_duo::Illegal::Legal) {
      throw InputError("illegal move pass: " + blokus_duo::describe(why));
    }
    return pass;
  }
  // Four characters without a comma can only be the contest code: a Pentobi square is at most
  // three ("n14").
  if (text.size() == 4 && text.find(',') == std::string_view::npos) {
    return blokus_duo::parse_move(p, text);
  }
  const blokus_duo::Move m = blokus_duo::parse_pentobi(text);
  const auto why = blokus_duo::check_move(p, m);
  if (why != blokus_duo::Illegal::Legal) {
    throw InputError("illegal move " + std::string(text) + ": " + blokus_duo::describe(why));
  }
  return m;
}

std::string gtp_score(int first_player_score) {
  if (first_player_score > 0) return "B+" + std::to_string(first_player_score);
  if (first_player_score < 0) return "W+" + std::to_string(-first_player_score);
  return "0";
}

blokus_duo::Position gtp_align_turn(const blokus_duo::Position& p, int color) {
  if (p.side == color) return p;
  blokus_duo::MoveList moves;
  blokus_duo::generate_moves(p, moves);
  if (moves.size() == 1 && moves[0].is_pass()) return blokus_duo::play(p, moves[0]);
  throw InputError(std::string("it is ") + (p.side == 0 ? "b" : "w") + "'s turn");
}

double gtp_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

core::SearchLimits GtpClock::limits_for(int color, core::SearchLimits base) const {
  const auto c = static_cast<std::size_t>(color);
  base.time_left_ms = 0;
  base.increment_ms = 0;
  base.movetime_ms = 0;
  if (left_stones[c] > 0) {
    base.movetime_ms = std::max(1, left_ms[c] / left_stones[c]);
  } else if (left_ms[c] > 0) {
    base.time_left_ms = left_ms[c];
  } else {
    // Main time used up: the byo-yomi period starts (or, absolute time, nothing is left).
    base.movetime_ms = byo_yomi_stones > 0 ? std::max(1, byo_yomi_ms / byo_yomi_stones) : 1;
  }
  return base;
}

void GtpClock::charge(int color, int ms) {
  const auto c = static_cast<std::size_t>(color);
  left_ms[c] = std::max(0, left_ms[c] - ms);
  if (left_stones[c] > 0 && --left_stones[c] == 0) {
    // The period's stones are played: a new period.
    left_ms[c] = byo_yomi_ms;
    left_stones[c] = byo_yomi_stones;
  }
}

std::vector<blokus_duo::Position> gtp_load_sgf(const std::string& path, int move_number,
                                               const blokus_duo::Rules& rules) {
  const auto games = records::read_blksgf(core::read_text_file(path, "record file"), path);
  if (games.empty()) throw InputError(path + ": no Blokus Duo game");
  std::vector<blokus_duo::Position> history{blokus_duo::initial_position(rules)};
  int played = 0;  // the file's own moves (passes are implied, not counted)
  for (const auto& code : games[0].moves) {
    const bool pass = code == "----";
    if (!pass && move_number > 0 && played + 1 >= move_number) break;
    history.push_back(blokus_duo::play(history.back(), blokus_duo::parse_move(history.back(), code)));
    if (!pass) ++played;
  }
  return history;
}

}  // namespace arena::protocol
