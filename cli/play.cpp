// `arena play`: not implemented yet (see the open issues).
#include "cli/command.hpp"
#include "engine/core/errors.hpp"

namespace arena::cli {

int run_play(const std::vector<std::string>& /*args*/) {
  throw InputError("'play' is not implemented yet");
}

}  // namespace arena::cli
