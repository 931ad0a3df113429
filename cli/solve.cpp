// `arena solve`: not implemented yet (see the open issues).
#include "cli/command.hpp"
#include "engine/core/errors.hpp"

namespace arena::cli {

int run_solve(const std::vector<std::string>& /*args*/) {
  throw InputError("'solve' is not implemented yet");
}

}  // namespace arena::cli
