/*
 * line_reader.h: the bounded line reader now lives in engine/text, below
 * tuning, so that game records are read with it as the protocol's input is.
 * This name stays only for the protocol files that still include it; a new
 * file includes engine/text/line_reader.h.
 */
#ifndef R3_PROTOCOL_LINE_READER_H
#define R3_PROTOCOL_LINE_READER_H

#include "engine/text/line_reader.h"

#endif
