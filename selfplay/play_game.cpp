// The game-free parts of one game (see play_game.hpp): the clocks and the record's endings.
#include "selfplay/play_game.hpp"

#include <ctime>

namespace arena::selfplay {

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

GameClocks::GameClocks(const SideSettings& first, const SideSettings& second)
    : sides_{first, second}, left_ms_{first.clock_ms, second.clock_ms} {}

void GameClocks::fill(int side, MoveRequest& request, GameSoFar& so_far) const {
  const SideSettings& own = sides_[side];
  request.limits = own.limits;
  if (own.clock_ms > 0) {
    request.limits.time_left_ms = std::max(left_ms_[side], 1);  // 0 would mean no clock
    request.limits.increment_ms = own.increment_ms;
  }
  so_far.clock_ms = own.clock_ms;
  so_far.increment_ms = own.increment_ms;
  so_far.time_left_ms[0] = left_ms_[0];
  so_far.time_left_ms[1] = left_ms_[1];
}

std::optional<int> GameClocks::charge(int side, double ms) {
  const SideSettings& own = sides_[side];
  int charged = static_cast<int>(ms);
  if (own.clock_ms > 0) {
    if (charged > left_ms_[side] + own.margin_ms) return std::nullopt;
    forgiven_ms_[side] += std::max(charged - left_ms_[side], 0);
    // The clock the engines are told (TI's replayed move times, time_left) is this one.
    charged = std::min(charged, left_ms_[side]);
    left_ms_[side] += own.increment_ms - charged;
  }
  return charged;
}

std::array<std::int64_t, 2> forgiven_overruns(const records::GameRecord& g,
                                              const SideSettings& first,
                                              const SideSettings& second) {
  GameClocks clocks(first, second);
  for (std::size_t i = 0; i < g.times.size(); ++i) {
    const auto side = static_cast<int>((g.opening.size() + i) % 2);
    if (!clocks.charge(side, static_cast<double>(g.times[i]))) break;
  }
  return {clocks.forgiven_ms(0), clocks.forgiven_ms(1)};
}

void forfeit(records::GameRecord& rec, int loser, records::Termination why, std::string reason) {
  rec.termination = why;
  rec.reason = std::move(reason);
  rec.score = loser == 0 ? -1 : 1;
  rec.score_open = why == records::Termination::Resign;
}

void adjudicate(records::GameRecord& rec, AdjudicatedResult r) {
  rec.termination = records::Termination::Adjudicated;
  rec.reason = std::move(r.reason);
  rec.score = r.score;
}

}  // namespace arena::selfplay
