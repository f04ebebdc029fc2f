// The one instantiation of Model(MultibodyBicycle) (declared extern in multibody.hpp).
#include "bicycle/multibody.hpp"

template class carvallo::detail::ModelImpl<carvallo::bicycle::MultibodyBicycle>;
