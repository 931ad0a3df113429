// Shared option parsing for the subcommands (Boost.Program_options), turning its exceptions
// into InputError so that every usage mistake exits 2 with the option named (and, for an
// unknown option, the closest one meant).
#include <iostream>

#include "cli/command.hpp"
#include "cli/option_hint.hpp"
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
  } catch (const po::unknown_option& e) {
    // Boost names only the part it could not match ("-c" of "-concurrency"): name the word
    // as typed, and hint at the option meant.
    const std::string part = e.get_option_name();
    std::string word = part;
    for (const auto& a : args) {
      if (!part.empty() && a.rfind(part, 0) == 0) {
        word = a.substr(0, a.find('='));
        break;
      }
    }
    std::vector<std::string> known;
    for (const auto& o : all.options()) known.push_back(o->long_name());
    throw InputError("unrecognised option '" + word + "'" + option_hint(word, known) +
                     " (see arena " + command + " --help)");
  } catch (const po::error& e) {
    throw InputError(std::string(e.what()) + " (see arena " + command + " --help)");
  }
  return true;
}

}  // namespace arena::cli
