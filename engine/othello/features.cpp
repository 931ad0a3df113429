// Othello feature sets (see features.hpp).
#include "engine/core/errors.hpp"
#include "engine/othello/othello.hpp"

namespace arena::othello {

std::unique_ptr<core::FeatureSet<Position>> Othello::make_feature_set(std::string_view name) {
  throw InputError("unknown othello feature set '" + std::string(name) +
                   "' (expected classic or table)");
}

}  // namespace arena::othello
