// Fixture of the include-direction check: a game header, allowed in its own folder.
#pragma once
#include "engine/core/game.hpp"
