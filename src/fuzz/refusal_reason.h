// The reason a rejection of the split stands for, coarser than its message key: a campaign's
// summary counts the refusals it leaves by reason (docs/reliability.md lists them), so that a
// class of kernels the split still refuses shows as one line whatever values it names.
#pragma once

#include <string>

namespace tilesplit::fuzz {

// `key` is a rejection's message key (MessageKey, with its "[stage] " prefix or without). Known
// refusals of the vector split map to a short reason naming the operator and the rule; any other
// message is "other: " and its key, cut short.
std::string RefusalReason(const std::string& key);

}  // namespace tilesplit::fuzz
