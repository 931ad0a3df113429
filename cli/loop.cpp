// `arena loop`: not implemented yet (see the open issues).
#include "cli/command.hpp"
#include "engine/core/errors.hpp"

namespace arena::cli {

int run_loop(const std::vector<std::string>& /*args*/) {
  throw InputError("'loop' is not implemented yet");
}

}  // namespace arena::cli
