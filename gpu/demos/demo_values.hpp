#pragma once
// How a demo record reads its request's values (demo_definition.hpp): each refusal a
// DemoValueError naming the parameter, worded as the command line always worded it.
#include <string>

#include "gpu/demos/demo_definition.hpp"

namespace kc::demos {

// The parameter's text (given, else its default) as a whole number in low..high:
// "'0': out of range, expected 1..1073741824", "'many': expected a whole number in 1..1073741824".
long long wholeNumber(const DemoRequest& request, const std::string& param, long long low, long long high);
// The same on a text that is not one of the record's parameters (the command line's --reps).
long long wholeNumber(const std::string& param, const std::string& text, long long low, long long high);

// The Int parameters given, each within its descriptor's range (the command line's: the form keeps
// its controls in their own ranges).
void checkGivenRanges(const DemoRequest& request);

// parse(text) of the parameter's text; its InvalidArgument ("unknown reduction 'avg' ...") comes
// back naming the parameter.
template <class Parse>
auto parsedValue(const DemoRequest& request, const std::string& param, Parse&& parse) {
  try {
    return parse(request.value(param));
  } catch (const DemoValueError&) {
    throw;
  } catch (const InvalidArgument& e) {
    throw DemoValueError(param, "", e.what());
  }
}

}  // namespace kc::demos
