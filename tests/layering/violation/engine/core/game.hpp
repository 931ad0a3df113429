// Fixture of the include-direction check: the core includes a higher module (refused).
#pragma once
#include "selfplay/selfplay.hpp"
