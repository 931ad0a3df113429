// `arena convert`: not implemented yet (see the open issues).
#include "cli/command.hpp"
#include "engine/core/errors.hpp"

namespace arena::cli {

int run_convert(const std::vector<std::string>& /*args*/) {
  throw InputError("'convert' is not implemented yet");
}

}  // namespace arena::cli
