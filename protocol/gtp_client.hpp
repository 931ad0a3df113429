// The GTP client: arena as the controller of a program that speaks GTP (Pentobi's conventions
// for Blokus Duo). Game-generic: it sends the moves as the game's adapter writes them, and
// the game's GTP name (`set_game`) comes from ExternalSpec::variant, set from the adapter.
#pragma once

#include <memory>

#include "protocol/engine_client.hpp"

namespace arena::protocol {

/// GTP controller (GTP 2 spec; Pentobi-GTP.md): `name`, `list_commands`, `set_game <variant>`
/// when spec.variant is set; per game `clear_board` and, when the engine lists it,
/// `time_settings MAIN 0 0`; per move the moves since the last request as `play b|w <move>`
/// (passes are not sent: Pentobi refuses `play pass`, and every move names its colour),
/// `time_left <color> <s> 0` when known, then `genmove b|w`, answered `= <move>`, `= pass` or
/// `= resign`.
[[nodiscard]] std::unique_ptr<EngineClient> make_gtp_client(const ExternalSpec& spec);

}  // namespace arena::protocol
