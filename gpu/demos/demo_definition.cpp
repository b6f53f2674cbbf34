#include "gpu/demos/demo_definition.hpp"

namespace kc::demos {

const DemoParam* DemoDefinition::param(const std::string& id) const {
  for (const DemoParam& p : params)
    if (p.id() == id) return &p;
  return nullptr;
}

const std::string& DemoRequest::value(const std::string& param) const {
  if (const auto given = values.find(param); given != values.end()) return given->second;
  const DemoParam* described = demo ? demo->param(param) : nullptr;
  if (!described)
    throw InvalidArgument("demo " + (demo ? demo->id : std::string("?")) + ": no parameter '" + param + "'");
  return described->descriptor.defaultValue;
}

int DemoRequest::repetitions() const { return reps > 0 ? reps : demo ? demo->defaultReps : 0; }

namespace {

std::string joined(const std::string& shown, const std::string& reason) {
  if (shown.empty()) return reason;
  return reason.empty() ? shown : shown + ": " + reason;
}

}  // namespace

DemoValueError::DemoValueError(std::string param, std::string shown, std::string reason)
    : InvalidArgument(joined(shown, reason)),
      param_(std::move(param)),
      shown_(std::move(shown)),
      reason_(std::move(reason)) {}

std::string DemoValueError::describe(const std::string& name) const {
  std::string text = name;
  if (!shown_.empty()) text += " " + shown_;
  if (!reason_.empty()) text += ": " + reason_;
  return text;
}

void admitHostMemory(const std::string& what, const MemoryNeed& need, Backend) { requireMemory(what, need); }

}  // namespace kc::demos
