// Fixture of the include-direction check: a game binding sees its game and the generic modules.
#pragma once
#include "engine/othello/othello.hpp"
#include "tune/run.hpp"
