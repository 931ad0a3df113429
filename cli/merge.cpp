// `arena merge`: not implemented yet (see the open issues).
#include "cli/command.hpp"
#include "engine/core/errors.hpp"

namespace arena::cli {

int run_merge(const std::vector<std::string>& /*args*/) {
  throw InputError("'merge' is not implemented yet");
}

}  // namespace arena::cli
