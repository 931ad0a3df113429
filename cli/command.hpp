// The contract between `arena` main and its subcommands: each subcommand is one file in cli/
// exposing `int run_<name>(const std::vector<std::string>& args)` and registered in main.cpp.
// A subcommand translates options into library calls and prints; it holds no logic of its own.
#pragma once

#include <string>
#include <vector>

#include <boost/program_options.hpp>

namespace arena::cli {

/// Parses `args` (the words after the command name) against `opts`, with `positional` naming
/// the options that take bare words. Prints usage and returns false on --help. Throws
/// InputError (exit 2) on an unknown option, a missing value or a value of the wrong type,
/// naming the option.
bool parse_options(const std::string& command, const std::string& synopsis,
                   const boost::program_options::options_description& opts,
                   const boost::program_options::positional_options_description& positional,
                   const std::vector<std::string>& args, boost::program_options::variables_map& vm);

int run_perft(const std::vector<std::string>& args);
int run_solve(const std::vector<std::string>& args);
int run_search(const std::vector<std::string>& args);
int run_selfplay(const std::vector<std::string>& args);
int run_analyze(const std::vector<std::string>& args);
int run_tune(const std::vector<std::string>& args);
int run_loop(const std::vector<std::string>& args);
int run_play(const std::vector<std::string>& args);
int run_convert(const std::vector<std::string>& args);
int run_nboard(const std::vector<std::string>& args);
int run_gtp(const std::vector<std::string>& args);
int run_merge(const std::vector<std::string>& args);
int run_report(const std::vector<std::string>& args);
int run_bench(const std::vector<std::string>& args);

}  // namespace arena::cli
