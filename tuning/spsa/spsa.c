/*
 * spsa.c: see spsa.h. The gains are fishtest's: with N iterations and
 * A = N / 10, c_k = c_end * (N / k)^0.101 and a_k = r_end * c_end^2 *
 * ((A + N) / (A + k))^0.602, so that the last iteration perturbs by c_end and
 * moves by r_end * c_end per unit of result; a result is one game pair's,
 * the engine on theta + c_k * sign's wins less its losses, averaged over the
 * iteration's pairs. Theta is kept as a real number inside [MIN, MAX]; an
 * option's value sent to the engine is rounded.
 *
 * DIR holds params.tsv (theta after each iteration: the run's record, and
 * what --resume reads), results.tsv (every game), games/iteration-K (each
 * iteration's match: records, results, PGN), a plot of each parameter's path
 * and, at the end, the tuned values. An iteration is done when its row is in
 * params.tsv; one cut short is played again on resume. The two files that
 * resume reads are tuning/spsa/spsa_files.c's, and are read back strictly before
 * DIR is changed; a new run's DIR is made only once every check has passed.
 */
#include "tuning/spsa/spsa.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/core/clock.h"
#include "engine/core/fail.h"
#include "engine/core/random.h"
#include "engine/io/whole_file.h"
#include "eval/weights.h"
#include "search/policy_weights.h"
#include "tuning/fit/fit_files.h"
#include "tuning/report/plot_svg.h"
#include "tuning/report/progress.h"
#include "tuning/spsa/spsa_files.h"

#define ALPHA 0.602
#define GAMMA 0.101
#define A_SHARE 0.1
#define MAX_DECLARED 64
#define WEIGHTS_MAX \
    ((int)EVAL_WEIGHT_COUNT > (int)POLICY_WEIGHT_COUNT ? (int)EVAL_WEIGHT_COUNT : (int)POLICY_WEIGHT_COUNT)

/* ---- the gains ---- */

double spsa_perturbation(const struct spsa_param *p, long iterations, long k)
{
    return p->c_end * pow((double)iterations / (double)k, GAMMA);
}

double spsa_step(const struct spsa_param *p, long iterations, long k)
{
    double big_a = A_SHARE * (double)iterations;
    double a_k = p->r_end * p->c_end * p->c_end * pow((big_a + (double)iterations) / (big_a + (double)k), ALPHA);
    return a_k / spsa_perturbation(p, iterations, k);
}

bool spsa_param_check(const struct spsa_param *p, char *why, size_t size)
{
    double range = p->max - p->min;
    if (!isfinite(p->start) || !isfinite(p->min) || !isfinite(p->max) || !isfinite(p->c_end) || !isfinite(p->r_end))
        return fail(why, size, "START, MIN, MAX, C_END and R_END must be finite numbers");
    if (fabs(p->min) > SPSA_MAX_MAGNITUDE || fabs(p->max) > SPSA_MAX_MAGNITUDE)
        return fail(why, size, "MIN and MAX must lie within %g..%g", -SPSA_MAX_MAGNITUDE, SPSA_MAX_MAGNITUDE);
    if (!(p->min < p->max))
        return fail(why, size, "MIN must be below MAX");
    if (p->start < p->min || p->start > p->max)
        return fail(why, size, "START is outside MIN..MAX, %g..%g", p->min, p->max);
    /* A perturbation wider than the range would only be clamped back; one
     * bounded by it keeps theta +- c_k finite, whatever the iterations. */
    if (!(p->c_end > 0 && p->c_end <= range))
        return fail(why, size, "C_END must be above 0 and at most MAX - MIN, %g", range);
    /* r_end * c_end is the last step per unit of result; bounded by the
     * range, a_k = r_end * c_end * c_end * ... cannot overflow. */
    if (!(p->r_end > 0 && p->r_end <= range / p->c_end))
        return fail(why, size,
                    "R_END must be above 0 and at most (MAX - MIN) / C_END, %g, so that the last step, "
                    "R_END * C_END, is within the range",
                    range / p->c_end);
    return true;
}

static double clamp(double x, double low, double high) { return x < low ? low : x > high ? high : x; }

double spsa_value(const struct spsa_param *p, double x)
{
    return clamp(p->target == SPSA_OPTION ? floor(x + 0.5) : x, p->min, p->max);
}

void spsa_signs(uint64_t seed, long k, int count, int *sign)
{
    /* The iteration's own stream: (seed, k) hashed twice by splitmix64's
     * output function, so that neighbouring iterations share no draws. */
    uint64_t hashed_seed = seed, stream = random_next(&hashed_seed) ^ (uint64_t)k;
    stream = random_next(&stream);
    for (int i = 0; i < count; i++)
        sign[i] = random_next(&stream) >> 63 ? 1 : -1;
}

/* ---- the weights files ---- */

static const struct weight_list *list_of(int target) { return target == SPSA_EVAL ? &EVAL_WEIGHTS : &POLICY_WEIGHTS; }
static const char *file_option(int target) { return target == SPSA_EVAL ? "EvalFile" : "PolicyFile"; }

/* The engine's own value of option 'name' among its fixed ones, or NULL. */
static const char *fixed_option(const struct engine_spec *e, const char *name)
{
    for (int i = 0; i < e->options; i++)
        if (strcmp(e->option_name[i], name) == 0)
            return e->option_value[i];
    return NULL;
}

/* The weights the engine starts from: its EvalFile or PolicyFile, or the built-in ones. */
static bool base_weights(const struct spsa_options *o, int target, double *w, char *why, size_t size)
{
    const char *path = fixed_option(&o->match.engine[0], file_option(target));
    const struct weight_list *list = list_of(target);
    if (path && strcmp(path, "built-in") != 0)
        return weights_file_load(list, path, w, why, size);
    for (int i = 0; i < list->count; i++)
        w[i] = target == SPSA_EVAL ? EVAL_DEFAULT.w[i] : POLICY_DEFAULT.w[i];
    return true;
}

static bool tunes(const struct spsa_options *o, int target)
{
    for (int i = 0; i < o->params; i++)
        if (o->param[i].target == target)
            return true;
    return false;
}

/* Writes the weights of 'target' with the parameters' values in place, whole, to path. */
static bool write_weights(const struct spsa_options *o, int target, const double *value, const char *path, char *why,
                          size_t size)
{
    double w[WEIGHTS_MAX];
    char *temporary = NULL;
    if (!base_weights(o, target, w, why, size))
        return false;
    for (int i = 0; i < o->params; i++)
        if (o->param[i].target == target)
            w[o->param[i].weight] = value[i];
    const char *template_path = fixed_option(&o->match.engine[0], file_option(target));
    if (template_path && strcmp(template_path, "built-in") == 0)
        template_path = NULL;
    if (!fit_write_weights(list_of(target), path, template_path, w, &temporary, why, size))
        return false;
    bool moved = whole_file_rename(temporary, path);
    if (!moved)
        snprintf(why, size, "cannot write '%.300s': %s", path, strerror(errno));
    free(temporary);
    return moved;
}

/* ---- the engines of one iteration ---- */

/* One side's engine: the base engine, its tuned options replaced. */
struct side_engine {
    struct engine_spec spec;
    char name[300];
    char value[REFEREE_MAX_OPTIONS][SPSA_PATH_MAX];
};

static bool is_tuned(const struct spsa_options *o, const char *option)
{
    for (int i = 0; i < o->params; i++)
        if ((o->param[i].target == SPSA_OPTION && strcmp(o->param[i].name, option) == 0) ||
            (o->param[i].target != SPSA_OPTION && strcmp(file_option(o->param[i].target), option) == 0))
            return true;
    return false;
}

static bool add_option(struct side_engine *e, const char *name, char *why, size_t size)
{
    if (e->spec.options == REFEREE_MAX_OPTIONS)
        return fail(why, size, "the engine's options and the tuned ones come to more than %d", REFEREE_MAX_OPTIONS);
    e->spec.option_name[e->spec.options] = name;
    e->spec.option_value[e->spec.options] = e->value[e->spec.options];
    e->spec.options++;
    return true;
}

/* The engine for theta + sign * c_k (side '+') or theta - sign * c_k ('-'), its weights files written. */
static bool make_engine(const struct spsa_options *o, char side, const double *value, struct side_engine *e, char *why,
                        size_t size)
{
    const struct engine_spec *base = &o->match.engine[0];
    *e = (struct side_engine){.spec = {.cmd = base->cmd, .name = e->name}};
    snprintf(e->name, sizeof e->name, "%s%c", base->name, side);
    for (int i = 0; i < base->options; i++)
        if (!is_tuned(o, base->option_name[i])) {
            if (!add_option(e, base->option_name[i], why, size))
                return false;
            snprintf(e->value[e->spec.options - 1], SPSA_PATH_MAX, "%s", base->option_value[i]);
        }
    for (int i = 0; i < o->params; i++)
        if (o->param[i].target == SPSA_OPTION) {
            if (!add_option(e, o->param[i].name, why, size))
                return false;
            snprintf(e->value[e->spec.options - 1], SPSA_PATH_MAX, "%.0f", value[i]);
        }
    for (int target = SPSA_EVAL; target <= SPSA_POLICY; target++)
        if (tunes(o, target)) {
            if (!add_option(e, file_option(target), why, size))
                return false;
            char *path = e->value[e->spec.options - 1];
            snprintf(path, SPSA_PATH_MAX, "%s/%s%c.txt", o->out_dir, target == SPSA_EVAL ? "eval" : "policy",
                     side == '+' ? 'p' : 'm');
            if (!write_weights(o, target, value, path, why, size))
                return false;
        }
    return true;
}

/* ---- the run ---- */

/* Plays iteration k's pairs between the engines at 'plus' and 'minus'; false with why. */
static bool play_iteration(const struct spsa_options *o, long k, const double *plus, const double *minus,
                           struct tally *t, char *why, size_t size)
{
    struct side_engine engine[2];
    char dir[SPSA_PATH_MAX];
    if (!make_engine(o, '+', plus, &engine[0], why, size) || !make_engine(o, '-', minus, &engine[1], why, size))
        return false;
    spsa_iteration_dir(o, k, dir, sizeof dir);
    struct match_options m = o->match;
    m.engine[0] = engine[0].spec;
    m.engine[1] = engine[1].spec;
    m.games = 2 * o->pairs;
    m.seed = o->match.seed + (uint64_t)((k - 1) * o->pairs);
    m.use_sprt = false;
    m.shard = m.shards = 1;
    m.out_dir = dir;
    m.first_game = 2 * o->pairs * (k - 1);
    m.tally = t;
    if (match_run(&m, NULL) != 0)
        return fail(why, size, "iteration %ld: the match did not run (its reason is above)", k);
    return true;
}

static void print_progress(const struct spsa_options *o, FILE *out, long k, long first, const struct tally *t,
                           const double *theta, double started)
{
    double seconds = clock_seconds() - started, games = 2.0 * (double)o->pairs * (double)(k - first);
    fprintf(out, "spsa: iteration %ld/%ld: plus %ld, minus %ld, draws %ld; %.2f games/s", k, o->iterations, t->wins[0],
            t->wins[1], t->draws, games / (seconds > 0 ? seconds : 1e-9));
    if (k < o->iterations)
        progress_print_time_left(out, seconds / (double)(k - first) * (double)(o->iterations - k));
    for (int i = 0; i < o->params; i++)
        fprintf(out, "%s %s %.4g", i ? "," : ";", o->param[i].name, theta[i]);
    fputc('\n', out);
    fflush(out);
}

/* One iteration: perturb, play, step; theta moves in place. */
static bool iterate(const struct spsa_options *o, long k, double *theta, struct tally *t, char *why, size_t size)
{
    int sign[SPSA_MAX_PARAMS];
    double plus[SPSA_MAX_PARAMS], minus[SPSA_MAX_PARAMS];
    spsa_signs(o->match.seed, k, o->params, sign);
    for (int i = 0; i < o->params; i++) {
        double c = spsa_perturbation(&o->param[i], o->iterations, k) * sign[i];
        plus[i] = spsa_value(&o->param[i], theta[i] + c);
        minus[i] = spsa_value(&o->param[i], theta[i] - c);
    }
    if (!play_iteration(o, k, plus, minus, t, why, size))
        return false;
    double result = (double)(t->wins[0] - t->wins[1]) / (double)o->pairs; /* per pair: -2..2 */
    for (int i = 0; i < o->params; i++)
        theta[i] = clamp(theta[i] + spsa_step(&o->param[i], o->iterations, k) * result * sign[i], o->param[i].min,
                         o->param[i].max);
    return true;
}

/* ---- what the run leaves: plots and the tuned values ---- */

struct path_plot {
    const struct spsa_param *param;
    long points;
    const double *x, *y;
};

static bool draw_path(FILE *out, const void *context)
{
    const struct path_plot *p = context;
    char title[160];
    snprintf(title, sizeof title, "r3 tune spsa: %s by iteration", p->param->name);
    const struct svg_series line = {p->param->name, "#1f77b4", (int)p->points, p->x, p->y};
    return svg_line_chart(out, title, "iteration", p->param->name, &line, 1);
}

/* spsa-NAME.svg for each parameter, its theta after each of iterations 0..last. */
static bool write_plots(const struct spsa_options *o, double path[][SPSA_MAX_PARAMS], long last, char *why, size_t size)
{
    double *x = malloc((size_t)(last + 1) * 2 * sizeof *x);
    if (!x)
        return fail(why, size, "no memory for the plots");
    double *y = x + last + 1;
    bool written = true;
    for (int i = 0; i < o->params && written; i++) {
        char name[96], *final = NULL, *temporary = NULL;
        for (long k = 0; k <= last; k++)
            x[k] = (double)k, y[k] = path[k][i];
        snprintf(name, sizeof name, "spsa-%s.svg", o->param[i].name);
        const struct path_plot plot = {&o->param[i], last + 1, x, y};
        written = fit_write_plot(o->out_dir, name, draw_path, &plot, &final, &temporary, why, size);
        if (written && !(written = whole_file_rename(temporary, final)))
            snprintf(why, size, "cannot write '%.300s': %s", final, strerror(errno));
        free(final), free(temporary);
    }
    free(x);
    return written;
}

/* tuned.txt (setoption lines) and, where weights were tuned, eval.txt and policy.txt. */
static bool write_tuned(const struct spsa_options *o, const double *theta, FILE *out, char *why, size_t size)
{
    char path[SPSA_PATH_MAX];
    double value[SPSA_MAX_PARAMS];
    for (int i = 0; i < o->params; i++)
        value[i] = spsa_value(&o->param[i], theta[i]);
    spsa_file_path(o, "tuned.txt", path, sizeof path);
    FILE *f = fopen(path, "w");
    if (!f)
        return fail(why, size, "cannot write '%.300s': %s", path, strerror(errno));
    for (int i = 0; i < o->params; i++)
        if (o->param[i].target == SPSA_OPTION)
            fprintf(f, "setoption name %s value %.0f\n", o->param[i].name, value[i]);
    for (int target = SPSA_EVAL; target <= SPSA_POLICY; target++)
        if (tunes(o, target)) {
            char weights[SPSA_PATH_MAX];
            spsa_file_path(o, target == SPSA_EVAL ? "eval.txt" : "policy.txt", weights, sizeof weights);
            if (!write_weights(o, target, value, weights, why, size))
                return fclose(f), false;
            fprintf(f, "setoption name %s value %s\n", file_option(target), weights);
        }
    fclose(f);
    fprintf(out, "spsa: the tuned values, as setoption lines, in %s:\n", path);
    for (int i = 0; i < o->params; i++)
        fprintf(out, "  %s %g (started at %g)\n", o->param[i].name, value[i], o->param[i].start);
    return true;
}

/* ---- before any game: what can be refused ---- */

static bool check_option(const struct spsa_param *p, const struct engine_option *declared, int count, char *why,
                         size_t size)
{
    for (int i = 0; i < count; i++) {
        if (strcmp(declared[i].name, p->name) != 0)
            continue;
        if (strcmp(declared[i].type, "spin") != 0)
            return fail(why, size, "--param %s: the option is a %s, not a spin", p->name, declared[i].type);
        if (p->min < (double)declared[i].min || p->max > (double)declared[i].max)
            return fail(why, size, "--param %s: %g..%g is outside the option's own %ld..%ld", p->name, p->min, p->max,
                        declared[i].min, declared[i].max);
        return true;
    }
    return fail(why, size, "--param %s: the engine has no option '%s'", p->name, p->name);
}

static bool declares(const struct engine_option *declared, int count, const char *name)
{
    for (int i = 0; i < count; i++)
        if (strcmp(declared[i].name, name) == 0)
            return true;
    return false;
}

static bool check_weight(const struct spsa_param *p, const struct engine_option *declared, int count, char *why,
                         size_t size)
{
    const struct weight_info *w = &list_of(p->target)->info[p->weight];
    if (!declares(declared, count, file_option(p->target)))
        return fail(why, size, "--param %s: the engine has no option %s to load the weights with", p->name,
                    file_option(p->target));
    if (p->min < w->min || p->max > w->max)
        return fail(why, size, "--param %s: %g..%g is outside the weight's own bounds %g..%g", p->name, p->min, p->max,
                    w->min, w->max);
    return true;
}

/* DIR as the run finds it, only looked at: nothing is made before every check has passed. */
static bool check_directory(const struct spsa_options *o, char *why, size_t size)
{
    char path[SPSA_PATH_MAX];
    struct stat st;
    spsa_file_path(o, SPSA_PARAMS_FILE, path, sizeof path);
    bool has_run = lstat(path, &st) == 0; /* a link or a FIFO by that name is not written through either */
    if (has_run && !o->resume)
        return fail(why, size, "'%.300s' holds a tuning run (%s): continue it with --resume, or give another --out",
                    o->out_dir, SPSA_PARAMS_FILE);
    if (!has_run && o->resume)
        return fail(why, size, "--resume: '%.300s' holds no run (no %s)", o->out_dir, SPSA_PARAMS_FILE);
    if (stat(o->out_dir, &st) == 0 && !S_ISDIR(st.st_mode))
        return fail(why, size, "'%.300s' is not a directory", o->out_dir);
    return true;
}

/* DIR and DIR/games, made once nothing is left to refuse. */
static bool make_directories(const struct spsa_options *o, char *why, size_t size)
{
    char path[SPSA_PATH_MAX];
    struct stat st;
    if (mkdir(o->out_dir, 0777) != 0 && errno != EEXIST)
        return fail(why, size, "cannot create '%.300s': %s", o->out_dir, strerror(errno));
    if (stat(o->out_dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return fail(why, size, "'%.300s' is not a directory", o->out_dir);
    spsa_file_path(o, "games", path, sizeof path);
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
        return fail(why, size, "cannot create '%.300s': %s", path, strerror(errno));
    return true;
}

bool spsa_check(const struct spsa_options *o, char *why, size_t size)
{
    struct engine_option declared[MAX_DECLARED];
    char reason[600];
    int count = engine_declared_options(&o->match.engine[0], declared, MAX_DECLARED, reason, sizeof reason);
    if (count < 0)
        return fail(why, size, "the engine did not start: %s", reason);
    for (int i = 0; i < o->params; i++) {
        const struct spsa_param *p = &o->param[i];
        if (!(p->target == SPSA_OPTION ? check_option(p, declared, count, why, size)
                                       : check_weight(p, declared, count, why, size)))
            return false;
    }
    for (int target = SPSA_EVAL; target <= SPSA_POLICY; target++) {
        double w[WEIGHTS_MAX];
        if (tunes(o, target) && !base_weights(o, target, w, why, size))
            return false;
    }
    return check_directory(o, why, size);
}

/* ---- the whole run ---- */

static int stop_run(const char *why)
{
    fprintf(stderr, "r3: tune spsa: %s\n", why);
    return 1;
}

/* A new run: DIR made, params.tsv with row 0 (START), results.tsv with its header. */
static bool start_run(const struct spsa_options *o, double path[][SPSA_MAX_PARAMS], FILE **params, FILE **results,
                      char *why, size_t size)
{
    for (int i = 0; i < o->params; i++)
        path[0][i] = o->param[i].start;
    if (!make_directories(o, why, size) || !(*params = spsa_params_start(o, path[0], why, size)))
        return false;
    if (!spsa_results_open(o, 0, NULL, results, why, size))
        return fclose(*params), false;
    return true;
}

/* A run resumed: params.tsv and results.tsv read back (theta's path so far
 * into path[]) before anything in DIR is changed, then both open to go on.
 * The iterations done, or -1 with why. */
static long resume_run(const struct spsa_options *o, double path[][SPSA_MAX_PARAMS], FILE **params, FILE **results,
                       FILE *progress, char *why, size_t size)
{
    char file[SPSA_PATH_MAX];
    long done = spsa_params_read(o, path, why, size);
    if (done < 0 || !spsa_results_open(o, done, progress, results, why, size))
        return -1;
    spsa_file_path(o, SPSA_PARAMS_FILE, file, sizeof file);
    if (!make_directories(o, why, size))
        return fclose(*results), -1;
    if (!(*params = fopen(file, "a")))
        return snprintf(why, size, "cannot write '%.300s': %s", file, strerror(errno)), fclose(*results), -1;
    fprintf(progress, "spsa: resuming '%s' after iteration %ld of %ld\n", o->out_dir, done, o->iterations);
    return done;
}

/* The run, with theta after each iteration kept in path[] for the plots. */
static int run_iterations(const struct spsa_options *o, double path[][SPSA_MAX_PARAMS], FILE *progress)
{
    char why[1200];
    FILE *params = NULL, *results = NULL;
    long done = 0;
    if (o->resume ? (done = resume_run(o, path, &params, &results, progress, why, sizeof why)) < 0
                  : !start_run(o, path, &params, &results, why, sizeof why))
        return stop_run(why);
    double started = clock_seconds(), theta[SPSA_MAX_PARAMS];
    memcpy(theta, path[done], sizeof theta);
    bool ok = true;
    for (long k = done + 1; k <= o->iterations && ok; k++) {
        struct tally t;
        if (!(ok = iterate(o, k, theta, &t, why, sizeof why)))
            break;
        spsa_results_join(o, k, results);
        spsa_params_row(params, k, (const long[]){t.wins[0], t.wins[1], t.draws}, o->params, theta);
        fflush(params); /* the row is what makes the iteration done */
        memcpy(path[k], theta, sizeof theta);
        print_progress(o, progress, k, done, &t, theta, started);
    }
    fclose(params);
    fclose(results);
    if (!ok || !write_plots(o, path, o->iterations, why, sizeof why) ||
        !write_tuned(o, theta, progress, why, sizeof why))
        return stop_run(why);
    return 0;
}

int spsa_run(const struct spsa_options *o, FILE *progress)
{
    char why[1200];
    if (!spsa_check(o, why, sizeof why))
        return stop_run(why);
    double(*path)[SPSA_MAX_PARAMS] = malloc((size_t)(o->iterations + 1) * sizeof *path);
    if (!path)
        return stop_run("no memory for theta's path");
    int status = run_iterations(o, path, progress);
    free(path);
    return status;
}
