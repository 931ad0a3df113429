// Fixture of the include-direction check: the registry sees the games.
#pragma once
#include "engine/othello/bind/tune.hpp"
