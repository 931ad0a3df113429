// Fixture of the include-direction check: the persisted-data module includes the self-play
// driver above it (refused), and the statistics below it (allowed).
#pragma once
#include "analysis/sprt.hpp"
#include "selfplay/run.hpp"
