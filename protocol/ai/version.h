/*
 * version.h: the one version number of r3, shown by --version and the protocol's id.
 */
#ifndef R3_VERSION_H
#define R3_VERSION_H

#define R3_VERSION "0.2.0"

#endif
