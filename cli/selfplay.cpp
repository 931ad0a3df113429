// `arena selfplay`: not implemented yet (see the open issues).
#include "cli/command.hpp"
#include "engine/core/errors.hpp"

namespace arena::cli {

int run_selfplay(const std::vector<std::string>& /*args*/) {
  throw InputError("'selfplay' is not implemented yet");
}

}  // namespace arena::cli
