#pragma once
/// \file PlaneShiftTree.h
/// Plane shifting lives in engine/planeshift (library cliplab::planeshift); include
/// "planeshift/PlaneShiftTree.h". This forward stays only while app/viewer includes the old path.

#include "planeshift/PlaneShiftTree.h"
