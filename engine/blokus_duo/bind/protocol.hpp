// Blokus Duo speaks GTP with Pentobi's notation: the game goes as Pentobi square lists,
// answers are square lists or 4-character codes (protocol/adapters.hpp has the contract;
// gtp_server.hpp the session of `arena gtp`).
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/engine_config.hpp"
#include "protocol/adapters.hpp"
#include "protocol/engine_client.hpp"
#include "protocol/gtp_client.hpp"

namespace arena::protocol {

template <>
struct ProtocolAdapter<blokus_duo::BlokusDuo> {
  static constexpr std::string_view kProtocol = "gtp";
  /// Pentobi-GTP.md, `set_game`: the GM value of Pentobi's blksgf files.
  static constexpr std::string_view kVariant = "Blokus Duo";
  /// The generic GTP client (protocol/gtp_client.hpp); `set_game` sends kVariant.
  [[nodiscard]] static std::unique_ptr<EngineClient> client(const ExternalSpec& spec) {
    return make_gtp_client(spec);
  }
  [[nodiscard]] static ClientState state(const blokus_duo::Position& p,
                                         const std::vector<std::string>* transcript);
  [[nodiscard]] static blokus_duo::Move parse(const blokus_duo::Position& p, std::string_view text);
  /// `arena gtp`: `rules` are the rules of every game (clear_board); `log` is not used.
  static int serve(const core::EngineConfig& cfg, const std::string& rules, std::istream& in,
                   std::ostream& out, std::ostream& log);
};

}  // namespace arena::protocol
