// Fixture of the include-direction check: a generic module includes a game (refused).
#pragma once
#include "engine/othello/othello.hpp"
#include "engine/registry/games.hpp"
