#pragma once
// The order registries list their records in (stages in help texts and the dock's Add menu, demos
// in `demo --help` and the panel's choice): by menuOrder, then by id.
#include <algorithm>
#include <string>
#include <vector>

namespace kc {

template <class Record>
std::vector<const Record*> inMenuOrder(std::vector<const Record*> records) {
  std::sort(records.begin(), records.end(), [](const Record* a, const Record* b) {
    return a->menuOrder != b->menuOrder ? a->menuOrder < b->menuOrder : a->id < b->id;
  });
  return records;
}

// Their ids, in the order given.
template <class Record>
std::vector<std::string> idsOf(const std::vector<const Record*>& records) {
  std::vector<std::string> ids;
  for (const Record* record : records) ids.push_back(record->id);
  return ids;
}

}  // namespace kc
