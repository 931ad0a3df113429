// Othello speaks NBoard: the position goes as a GGF board, answers are squares or PA
// (protocol/adapters.hpp has the contract; nboard_server.hpp the session of `arena nboard`).
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/engine_config.hpp"
#include "engine/othello/othello.hpp"
#include "protocol/adapters.hpp"
#include "protocol/engine_client.hpp"

namespace arena::protocol {

template <>
struct ProtocolAdapter<othello::Othello> {
  static constexpr std::string_view kProtocol = "nboard";
  static constexpr std::string_view kVariant = "";
  [[nodiscard]] static ClientState state(const othello::Position& p,
                                         const std::vector<std::string>* transcript);
  [[nodiscard]] static othello::Move parse(const othello::Position& p, std::string_view text);
  /// `arena nboard`; Othello has no rule options, so `rules` is ignored.
  static int serve(const core::EngineConfig& cfg, const std::string& rules, std::istream& in,
                   std::ostream& out, std::ostream& log);
};

}  // namespace arena::protocol
