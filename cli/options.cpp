// Shared option parsing for the subcommands (Boost.Program_options), turning its exceptions
// into InputError so that every usage mistake exits 2 with the option named.
#include <iostream>

#include "cli/command.hpp"
#include "engine/core/errors.hpp"

namespace po = boost::program_options;

namespace arena::cli {

bool parse_options(const std::string& command, const std::string& synopsis,
                   const po::options_description& opts,
                   const po::positional_options_description& positional,
                   const std::vector<std::string>& args, po::variables_map& vm) {
  po::options_description all;
  all.add(opts);
  all.add_options()("help,h", "print this help and exit");
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    if (vm.count("help") != 0U) {
      std::cout << "usage: arena " << command << " " << synopsis << "\n\n" << all << "\n";
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw InputError(std::string(e.what()) + " (see arena " + command + " --help)");
  }
  return true;
}

}  // namespace arena::cli
