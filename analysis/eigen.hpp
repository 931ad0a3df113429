// Eigen for the analysis and the tuner. GCC 12 reports false (maybe-)uninitialized uses inside
// Eigen's AVX-512 code (avx512fintrin.h, after inlining; GCC bug 105593) when built with
// -march=native; the pragma covers only the lines of these headers, so our own code keeps the
// warnings, and clang, which has neither false report, never sees it.
#pragma once

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <Eigen/Dense>
#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCore>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
