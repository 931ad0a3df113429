// Non-template parts of the external-engine player (see external_player.hpp).
#include "protocol/external_player.hpp"

namespace arena::selfplay {

records::Termination fault_termination(protocol::FaultKind kind) {
  switch (kind) {
    case protocol::FaultKind::Crash: return records::Termination::Crash;
    case protocol::FaultKind::Timeout: return records::Termination::Timeout;
    case protocol::FaultKind::Protocol: return records::Termination::IllegalMove;
  }
  return records::Termination::Crash;
}

std::chrono::milliseconds move_deadline(const protocol::ExternalSpec& spec,
                                        const core::SearchLimits& limits) {
  int ms = spec.move_ms;
  if (limits.movetime_ms > 0) {
    ms = limits.movetime_ms;
  } else if (limits.time_left_ms > 0) {
    ms = limits.time_left_ms;
  }
  return std::chrono::milliseconds(ms + spec.margin_ms);
}

}  // namespace arena::selfplay
