// Othello speaks NBoard: the position goes as a GGF board, answers are squares or PA
// (protocol/adapters.hpp has the contract; nboard_client.hpp the controller of outside NBoard
// programs, nboard_server.hpp the session of `arena nboard`).
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/engine_config.hpp"
#include "engine/othello/bind/nboard_client.hpp"
#include "engine/othello/othello.hpp"
#include "protocol/adapters.hpp"
#include "protocol/engine_client.hpp"

namespace arena::protocol {

template <>
struct ProtocolAdapter<othello::Othello> {
  static constexpr std::string_view kProtocol = "nboard";
  static constexpr std::string_view kVariant = "";
  /// The NBoard client (engine/othello/bind/nboard_client.hpp).
  [[nodiscard]] static std::unique_ptr<EngineClient> client(const ExternalSpec& spec) {
    return make_nboard_client(spec);
  }
  [[nodiscard]] static ClientState state(const othello::Position& p,
                                         const std::vector<std::string>* transcript);
  [[nodiscard]] static othello::Move parse(const othello::Position& p, std::string_view text);
  /// `arena nboard`; Othello has no rule options, so `rules` is ignored.
  static int serve(const core::EngineConfig& cfg, const std::string& rules, std::istream& in,
                   std::ostream& out, std::ostream& log);
};

}  // namespace arena::protocol
