// The NBoard client: arena as the controller of a program that speaks NBoard (Othello's
// protocol, e.g. NTest), on protocol/process_client.hpp's process handling. Othello's
// ProtocolAdapter hands it to the generic driver (protocol/adapters.hpp).
#pragma once

#include <memory>

#include "engine/othello/bind/ggf.hpp"
#include "protocol/engine_client.hpp"

namespace arena::protocol {

/// NBoard controller (protocol version 2, ntest instructions/Protocol.htm): `nboard 2`; per
/// game `set depth` (NTest builds a fresh searcher on it, so no table survives a game) and the
/// start position with a ping/pong; per move `set game <GGF>` with the start board (BO),
/// every move so far with its time (passes as PA) and the clock (TI), then `ping N`, and `go`
/// only after `pong N` (output before the pong is stale and discarded). The answer is
/// `=== move[/eval[/time]]` (or space-separated); status/nodestats/search lines are skipped.
/// Under a clock or move time with no depth, `set depth 60` lets the engine play by its clock.
[[nodiscard]] std::unique_ptr<EngineClient> make_nboard_client(const ExternalSpec& spec);

/// The TI clock that stands for a move time of `movetime_ms` (> 0), every move free: whole
/// seconds, as TI holds no fraction (NTest's COsClock::ReadTime reads integers), rounded down so
/// that the engine is never told more than it has, and at least 1 s, because a 0 s clock tells
/// an engine that plays by its clock that it has already run out.
[[nodiscard]] records::GgfClock nboard_movetime_clock(int movetime_ms);

}  // namespace arena::protocol
