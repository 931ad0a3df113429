// `arena gtp`: not implemented yet (see the open issues).
#include "cli/command.hpp"
#include "engine/core/errors.hpp"

namespace arena::cli {

int run_gtp(const std::vector<std::string>& /*args*/) {
  throw InputError("'gtp' is not implemented yet");
}

}  // namespace arena::cli
