// The game and every binding of Blokus Duo to the generic modules, for the registry to include.
#pragma once

#include "engine/blokus_duo/bind/board_view.hpp"
#include "engine/blokus_duo/bind/protocol.hpp"
#include "engine/blokus_duo/bind/records.hpp"
#include "engine/blokus_duo/blokus_duo.hpp"
