/*
 * quality_card_command.h: r3 quality-card, what r3's card gives away: an
 * engine shown r3's card before choosing its own, against the same engine
 * not shown it (tuning/quality/card_report.h, docs/quality.md).
 */
#ifndef R3_QUALITY_CARD_COMMAND_H
#define R3_QUALITY_CARD_COMMAND_H

#include "protocol/cli/command_line.h"

extern const struct cli_command CLI_QUALITY_CARD;

#endif
