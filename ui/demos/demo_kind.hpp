#pragma once
// The three classroom demos, in the panel's order.
namespace kc {

enum class DemoKind { Reduce, Matmul, Cg };

}  // namespace kc
