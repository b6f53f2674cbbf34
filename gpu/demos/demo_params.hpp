#pragma once
// Short ways to write a demo record's parameters (demo_definition.hpp), one line each in the
// record: the descriptor's fields in the order the command line's help shows them.
#include <string>
#include <utility>
#include <vector>

#include "gpu/demos/demo_definition.hpp"

namespace kc::demos {

inline DemoParam demoParam(ParamType type, std::string id, std::string displayName, std::string valueName,
                           std::string help, std::string defaultValue = {}) {
  DemoParam param;
  param.descriptor.id = std::move(id);
  param.descriptor.displayName = std::move(displayName);
  param.descriptor.type = type;
  param.descriptor.help = std::move(help);
  param.descriptor.defaultValue = std::move(defaultValue);
  param.valueName = std::move(valueName);
  return param;
}

// One of `choices` (the form's items, in order); the default is the first unless given.
inline DemoParam choiceParam(std::string id, std::string displayName, std::string valueName, std::string help,
                             std::vector<std::string> choices, std::string defaultValue = {}) {
  if (defaultValue.empty() && !choices.empty()) defaultValue = choices.front();
  DemoParam param = demoParam(ParamType::Choice, std::move(id), std::move(displayName), std::move(valueName),
                              std::move(help), std::move(defaultValue));
  param.descriptor.choices = std::move(choices);
  return param;
}

// A whole number in low..high (the command line's range); no default: unset when absent.
inline DemoParam intParam(std::string id, std::string displayName, std::string valueName, std::string help,
                          long long low, long long high, std::string defaultValue = {}) {
  DemoParam param = demoParam(ParamType::Int, std::move(id), std::move(displayName), std::move(valueName),
                              std::move(help), std::move(defaultValue));
  param.descriptor.minValue = low;
  param.descriptor.maxValue = high;
  return param;
}

}  // namespace kc::demos
