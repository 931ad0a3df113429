// Eigen for the tuner. GCC 12 reports false -Wmaybe-uninitialized warnings inside Eigen's
// AVX-512 reductions (avx512fintrin.h, after inlining) when built with -march=native; the
// pragma covers only the lines of these headers, so our own code keeps the warning.
#pragma once

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <Eigen/Dense>
#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCore>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
