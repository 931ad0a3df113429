// The game and every binding of Othello to the generic modules, for the registry to include.
#pragma once

#include "engine/othello/bind/board_view.hpp"
#include "engine/othello/bind/endgame_suite.hpp"
#include "engine/othello/bind/protocol.hpp"
#include "engine/othello/bind/records.hpp"
#include "engine/othello/bind/tune_inputs.hpp"
#include "engine/othello/othello.hpp"
