#!/bin/sh
# layers.sh: keeps the project's dependencies pointing one way, down the layers
# of docs/architecture.md. Every C file outside tests/ belongs to the layer of
# its folder, lowest first:
#
#   engine/core < engine/io < engine/text < engine/rules < engine/hidden <
#   engine/picture < games < eval < search < tuning/... < protocol/...
#
# (LAYERS below names each layer of tuning/ and protocol/.)
#
# From cscope's cross-reference of those files it builds two graphs: the
# include graph between files (A includes B) and the call graph between modules
# (a module is a .c and its .h; A calls, or takes the address of, a function
# defined in B: a static function counts in its own file only, a static inline
# one in a header wherever it is called). It fails on
#   - a cycle in either graph (files that include each other, or modules that
#     call each other, transitively);
#   - more than MAX_UPWARD (now none) upward dependencies: a file that includes or calls a
#     module (its .h or .c) of a higher layer. Each is listed, once per file
#     and module, and each needs a comment containing "upward:" that says why,
#     on the #include line of the module's header or on the line before it;
#   - a file in no layer's folder (a new folder gets its place in LAYERS and
#     ROLES here and its row in docs/architecture.md's table).
# It prints the upward dependencies and a summary line. With --dot it prints
# instead the include graph between folders for Graphviz dot, each room a
# cluster, the picture of docs/architecture.md (docs/architecture.dot, which
# tests/docs.sh holds to this output; make docs draws the SVG from it); with
# --edges, every edge of both graphs, one a line.
# Usage: sh tests/layers.sh [--dot | --edges]
cd "$(dirname "$0")/.." || exit 1
LAYERS="engine/core engine/io engine/text engine/rules engine/hidden engine/picture games eval search tuning/report tuning/arena tuning/bench tuning/selfplay tuning/quality tuning/fit tuning/spsa protocol/ai protocol/host protocol/web protocol/cli"
MAX_UPWARD=0
# What each room (a top folder) and each layer holds: the picture's labels
# (--dot), one for every room and layer of LAYERS.
ROLES="engine=the rules and the world|engine/core=the vocabulary, the world and its knowledge|engine/io=bounded input and output|\
engine/text=worlds and tables as text|engine/rules=the game as decision points|engine/hidden=what each side sees and believes|\
engine/picture=the board as SVG|games=a whole game, kept and refereed|eval=a world's value: the 17 weights and the network|\
search=the players|tuning=measuring the players and making them stronger|tuning/report=what a long run shows|\
tuning/arena=where engines meet|tuning/bench=speed|tuning/selfplay=self-play positions|\
tuning/quality=the decision-quality suite|tuning/fit=weights and networks fitted to data|tuning/spsa=tuning by matches|\
protocol=the programs that face the outside world|protocol/ai=the AI, speaking the engine protocol|\
protocol/host=the game master|protocol/web=the web page and its server|protocol/cli=the command line"

mode=check
case "${1-}" in
"") ;;
--dot) mode=dot ;;
--edges) mode=edges ;;
*) echo "usage: sh tests/layers.sh [--dot | --edges]" >&2; exit 2 ;;
esac
command -v cscope > /dev/null || { echo "layers: cscope is missing (make test installs it)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find . -path ./tests -prune -o -path ./build -prune -o -path ./.git -prune -o -name '*.[ch]' -print |
    sed 's|^\./||' | LC_ALL=C sort > "$tmp/files"
# -b build only, -c plain text, -k no system headers, -u from scratch
cscope -b -c -k -u -i "$tmp/files" -f "$tmp/cscope.out" || exit 1

# cscope.out, after its header line: per file "\t@FILE"; then per source line
# its number and text, broken into fragments, one symbol a line, a mark before
# some: "\t~" an #include, "\t$" a function definition, "\t}" its end, "\t`" a
# call; unmarked identifiers are other uses (here: a function's address).
LC_ALL=C awk -v layers="$LAYERS" -v roles="$ROLES" -v max_upward="$MAX_UPWARD" -v mode="$mode" '
BEGIN {
    nlayers = split(layers, layer_name, " ")
    for (i = 1; i <= nlayers; i++) rank[layer_name[i]] = i
}
NR == 1 || done { next }
/^\t@/ {
    file = substr($0, 3)
    if (file == "") { done = 1; next }
    nfiles++; is_file[file] = 1; file_order[nfiles] = file
    in_function = 0; fresh = 1
    next
}
$0 == "" { fresh = 1; next }
fresh && /^[0-9]+( |$)/ { fresh = 0; line = $1 + 0; text = $0; next }
{ fresh = 0 }
/^\t/ {
    mark = substr($0, 2, 1); name = substr($0, 3)
    if (mark == "~" && substr(name, 1, 1) == "\"") {
        target = substr(name, 2)
        n_inc++; inc_src[n_inc] = file; inc_dst[n_inc] = target; inc_line[n_inc] = line
    } else if (mark == "$") {
        # In a header only a static inline function has a body; cscope takes
        # a prototype followed by __attribute__ for a definition too.
        is_static = text ~ /(^|[^A-Za-z0-9_])static([^A-Za-z0-9_]|$)/
        if (file ~ /\.h$/ && !is_static) { text = text name; next }
        in_function = 1
        defined[file, name] = 1
        if (file ~ /\.h$/ || !is_static) {
            if ((name in global) && global[name] != file)
                problem("function " name " is defined in both " global[name] " and " file)
            global[name] = file
        }
    } else if (mark == "}") {
        in_function = 0
    } else if (mark == "`") {
        use(name)
    }
    text = text name
    next
}
/^[A-Za-z_][A-Za-z0-9_]*$/ { use($0) }
{ text = text $0 }

# A use of a name in a header counts only inside a function body (a static
# inline one); elsewhere in a header it is a declaration.
function use(name) {
    if (file ~ /\.h$/ && !in_function) return
    n_use++; use_src[n_use] = file; use_name[n_use] = name
}
function problem(message) { problems[++n_problems] = message }
function layer_of(path,    i, best) {
    best = ""
    for (i = 1; i <= nlayers; i++)
        if (index(path, layer_name[i] "/") == 1 && length(layer_name[i]) > length(best)) best = layer_name[i]
    return best
}
function module_of(path) { sub(/\.[ch]$/, "", path); return path }
function add_name(list, name) { return index(" " list " ", " " name " ") ? list : list (list == "" ? "" : " ") name }
# An edge of graph g from file src to file dst (by function name for a call):
# between the files for an include, between their modules for a call, and an
# upward dependency when dst lies in a higher layer.
function link(g, src, dst, name,    a, b, up) {
    a = g == "call" ? module_of(src) : src
    b = g == "call" ? module_of(dst) : dst
    if (a != b) {
        if (!((g, a, b) in edge)) {
            edge[g, a, b] = 1
            n_out[g, a]++; out[g, a, n_out[g, a]] = b
            n_edges[g]++
        }
        if (name != "") call_names[a, b] = add_name(call_names[a, b], name)
    }
    if (rank[layer_of(dst)] <= rank[layer_of(src)]) return
    up = src SUBSEP module_of(dst)
    if (!(up in upward)) { upward[up] = 1; n_upward++ }
    if (g == "include") upward_include[up] = 1
    else upward_calls[up] = add_name(upward_calls[up], name)
}

# Tarjan: the strongly connected components of graph g; each of more than one
# node (file or module) is a cycle.
function components(g,    k, v) {
    counter = 0; depth = 0
    delete order; delete low; delete on_stack
    for (k = 1; k <= (g == "call" ? nmodules : nfiles); k++) {
        v = g == "call" ? module_order[k] : file_order[k]
        if (!(v in order)) visit(g, v)
    }
}
function visit(g, v,    i, w, members, size) {
    order[v] = low[v] = ++counter
    stack[++depth] = v; on_stack[v] = 1
    for (i = 1; i <= n_out[g, v]; i++) {
        w = out[g, v, i]
        if (!(w in order)) {
            visit(g, w)
            if (low[w] < low[v]) low[v] = low[w]
        } else if (on_stack[w] && order[w] < low[v]) {
            low[v] = order[w]
        }
    }
    if (low[v] != order[v]) return
    members = ""; size = 0
    do {
        w = stack[depth--]; on_stack[w] = 0
        members = members " " w; size++
    } while (w != v)
    if (size > 1) report_cycle(g, members)
}
function report_cycle(g, members,    n, i, j, src, dst, how) {
    cycles++
    problem(g " cycle among" members ":")
    n = split(members, member, " ")
    for (i = 1; i <= n; i++) {
        src = member[i]
        for (j = 1; j <= n_out[g, src]; j++) {
            dst = out[g, src, j]
            if (!on_cycle_check(dst, members)) continue
            how = (g == "call") ? " (" call_names[src, dst] ")" : ""
            problem("    " src " -> " dst how)
        }
    }
}
function on_cycle_check(f, members) { return index(members " ", " " f " ") > 0 }

# The line of a file, read once.
function source_line(path, n,    s, k) {
    if (!(path in read_done)) {
        read_done[path] = 1; k = 0
        while ((getline s < path) > 0) source[path, ++k] = s
        close(path)
    }
    return ((path, n) in source) ? source[path, n] : ""
}
function reason(path, n,    s) {
    s = source_line(path, n)
    if (s !~ /upward:/) s = source_line(path, n - 1)
    if (s !~ /upward:/) return ""
    sub(/.*upward:[ \t]*/, "", s); sub(/[ \t]*\*\/.*$/, "", s)
    return s
}

END {
    for (k = 1; k <= nfiles; k++) {
        f = file_order[k]
        if (layer_of(f) == "") problem(f ": in no layer (add its folder to LAYERS in tests/layers.sh)")
        mod = module_of(f)
        if (!(mod in is_module)) { is_module[mod] = 1; module_order[++nmodules] = mod }
    }
    for (i = 1; i <= n_inc; i++) {
        src = inc_src[i]; dst = inc_dst[i]
        if (!(dst in is_file)) continue
        link("include", src, dst, "")
        include_line[src, module_of(dst)] = inc_line[i]
        if (layer_of(src) != layer_of(dst)) folder_edge[layer_of(src), layer_of(dst)]++
    }
    for (i = 1; i <= n_use; i++) {
        src = use_src[i]; name = use_name[i]
        if ((src, name) in defined || !(name in global)) continue
        if (global[name] != src) link("call", src, global[name], name)
    }

    if (mode == "dot") { dot(); exit 0 }
    if (mode == "edges") {
        for (key in edge) {
            split(key, part, SUBSEP)
            print part[1] " " part[2] " -> " part[3] (part[1] == "call" ? " (" call_names[part[2], part[3]] ")" : "") | "sort"
        }
        close("sort")
        exit 0
    }

    components("include")
    components("call")

    for (up in upward) {
        split(up, part, SUBSEP); src = part[1]; mod = part[2]
        how = (up in upward_include) ? "includes" : ""
        if (up in upward_calls) how = how (how == "" ? "" : ", ") "calls " upward_calls[up]
        why = (up in include_line) ? reason(src, include_line[up]) : ""
        if (why == "") {
            missing_reason++
            why = "NO \"upward:\" COMMENT on its #include or the line before"
        }
        print "upward: " src " -> " mod " (" layer_of(src) " -> " layer_of(mod) "; " how "): " why | "sort"
    }
    close("sort")
    if (n_upward > max_upward)
        problem(n_upward " upward dependencies, at most " max_upward " allowed: make one point down, or see docs/architecture.md")
    if (missing_reason)
        problem(missing_reason " upward " (missing_reason == 1 ? "dependency" : "dependencies") \
            " without an \"upward:\" comment saying why")

    for (i = 1; i <= n_problems; i++) print "layers: " problems[i]
    printf "layers: %d files in %d modules, edges %d include and %d call, cycles %d, upward %d (at most %d)%s\n", \
        nfiles, nmodules, n_edges["include"], n_edges["call"], cycles, n_upward, max_upward, n_problems ? ": FAILED" : ""
    exit n_problems ? 1 : 0
}

# The include graph between folders, lowest layer at the bottom, each room
# (top folder) a cluster around its layers; an upward edge is red and does
# not bend the ranks.
function room_of(layer) { sub(/\/.*/, "", layer); return layer }
function dot(    i, j, a, b, k, f, mods, label, width, n, attr, room, role, nrooms, pair) {
    n = split(roles, pair, "|")
    for (i = 1; i <= n; i++) {
        k = index(pair[i], "=")
        role[substr(pair[i], 1, k - 1)] = substr(pair[i], k + 1)
    }
    for (i = 1; i <= nlayers; i++) {
        a = layer_name[i]; room = room_of(a)
        if (!(room in room_layers)) room_order[++nrooms] = room
        room_layers[room] = room_layers[room] (room_layers[room] == "" ? "" : " ") a
        if (!(a in role)) { print "layers: --dot: no role for " a " in ROLES" > "/dev/stderr"; exit 1 }
        if (!(room in role)) { print "layers: --dot: no role for " room " in ROLES" > "/dev/stderr"; exit 1 }
    }
    for (k = 1; k <= nfiles; k++) {
        f = file_order[k]; a = layer_of(f)
        if (f ~ /\.h$/ && (module_of(f) ".c") in is_file) continue
        mods = module_of(f); sub(/.*\//, "", mods)
        if (index(" " members_of[a] " ", " " mods " ") == 0) members_of[a] = members_of[a] (members_of[a] == "" ? "" : " ") mods
    }
    print "digraph layers {"
    print "    newrank=true; nodesep=0.3; ranksep=0.35; fontname=\"Helvetica\"; fontsize=10; labelloc=b;"
    print "    label=\"An arrow: the #includes from one folder into another, with their count. Red and dashed: upward.\";"
    print "    node [shape=box, style=\"rounded,filled\", fillcolor=\"#f4f4f4\", fontname=\"Helvetica\", fontsize=11];"
    print "    edge [color=\"#777777\", fontname=\"Helvetica\", fontsize=9, arrowsize=0.6];"
    for (k = 1; k <= nrooms; k++) {
        room = room_order[k]
        printf "    subgraph \"cluster_%s\" {\n", room
        printf "        label=<<b>%s/</b>: %s>; labelloc=t; style=\"rounded\"; color=\"#999999\"; fontsize=11;\n", room, role[room]
        n = split(room_layers[room], member_layer, " ")
        for (i = 1; i <= n; i++) {
            a = member_layer[i]
            label = module_label(members_of[a])
            if (a == room) printf "        \"%s\" [label=<<font point-size=\"9\">%s</font>>];\n", a, label
            else printf "        \"%s\" [label=<<b>%s</b>: %s<br/><font point-size=\"9\">%s</font>>];\n", a, a, role[a], label
        }
        print "    }"
    }
    for (i = 2; i <= nlayers; i++) printf "    \"%s\" -> \"%s\" [style=invis];\n", layer_name[i], layer_name[i - 1]
    for (i = 1; i <= nlayers; i++)
        for (j = 1; j <= nlayers; j++) {
            a = layer_name[i]; b = layer_name[j]
            if (!((a, b) in folder_edge)) continue
            attr = (j > i) ? ", color=\"#cc0000\", fontcolor=\"#cc0000\", style=dashed, penwidth=1.5, constraint=false, tailport=w, headport=w" : ""
            printf "    \"%s\" -> \"%s\" [label=\"%d\"%s];\n", a, b, folder_edge[a, b], attr
        }
    print "}"
}
# The modules of a layer, comma-separated, in lines of about 34 characters.
function module_label(list,    n, j, member, label, width) {
    n = split(list, member, " "); label = ""; width = 0
    for (j = 1; j <= n; j++) {
        if (j > 1 && width + length(member[j]) > 34) { label = label ",<br/>"; width = 0 }
        else if (j > 1) { label = label ", "; width += 2 }
        label = label member[j]; width += length(member[j])
    }
    return label
}
' "$tmp/cscope.out"
