#pragma once
/// \file StepCorrect.h
/// Step-and-correct lives in engine/stepcorrect (library cliplab::stepcorrect); include
/// "stepcorrect/StepCorrect.h", or "stepcorrect/Correction.h" for movement's vocabulary only.
/// This forward stays only while app/viewer and tests/viewer include the old path.

#include "stepcorrect/StepCorrect.h"
