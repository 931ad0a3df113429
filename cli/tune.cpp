// `arena tune`: not implemented yet (see the open issues).
#include "cli/command.hpp"
#include "engine/core/errors.hpp"

namespace arena::cli {

int run_tune(const std::vector<std::string>& /*args*/) {
  throw InputError("'tune' is not implemented yet");
}

}  // namespace arena::cli
