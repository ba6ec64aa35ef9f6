// The deferred-completion waiter: a pl.at(CORE_GROUP) task whose body registers completion
// conditions with pld.system.defer_wait (PyPTO's guide, distributed/02-primitives.md,
// "Deferred-wait contract"). The kernel returns as soon as it has registered them and is never
// resumed, so the task may do nothing a resumed kernel would have to finish: outline-incore-scopes
// checks the scope against the contract and stamps the outlined function
// `deferred_completion_waiter`.
#pragma once

#include "tilesplit/ir/stmt.h"

namespace tilesplit::pass {

// Whether the scope registers deferred conditions (a pld.system.defer_wait anywhere in its
// body). When it does, its body is checked against the waiter contract, each violation a located
// user error naming the statement: only scalar bookkeeping, control flow and tensor.read before
// the first registration besides the registrations themselves; a loop that registers has a
// statically known positive trip count and reads no tensor; at most 64 conditions in all; no
// allow_early_resolve=True on the scope; the scope is not nested in a pl.spmd launch (`launch`,
// null when it is not), whose hints and blocks would own when the task completes.
bool CheckDeferredWaiter(const ir::ScopeStmt& scope, const ir::SpmdScopeStmt* launch = nullptr);

}  // namespace tilesplit::pass
