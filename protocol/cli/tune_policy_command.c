/*
 * tune_policy_command.c: see tune_policy_command.h. The steps are those of
 * r3 tune eval (protocol/cli/tune_command.c), with the policy's data, fit and
 * report: read, split by game, fit, report, write, and the validation loss
 * last.
 */
#include "protocol/cli/tune_policy_command.h"

#include <stdio.h>

#include "engine/core/clock.h"
#include "tuning/fit/fit_bench.h"
#include "tuning/fit/fit_files.h"
#include "tuning/fit/policy_data.h"
#include "tuning/fit/policy_fit.h"

#define SYNTHETIC_VISITS 100 /* a made-up position's visits */

/* Reads every --data file into *all; there must be positions with visits. */
static int read_data(const struct tune_cli *o, struct policy_data *all)
{
    double start = clock_seconds();
    struct fit_reader reader = policy_data_reader(all);
    int status = tune_cli_read(o, &reader);
    double seconds = clock_seconds() - start;
    long lines = all->count + all->unvisited + all->one + all->finished;
    char why[1024];
    if (status)
        return status;
    if (all->count == 0) {
        snprintf(why, sizeof why,
                 "%s%s: no positions with visits (%ld without, %ld with one legal decision, %ld finished): "
                 "r3 selfplay --record-visits writes them",
                 o->data[0], o->data_count > 1 ? " ..." : "", all->unvisited, all->one, all->finished);
        return tune_cli_error(why);
    }
    printf("read %ld positions with visits (%ld without visits, %ld with one legal decision and %ld finished left "
           "out) from %d file%s in %.2f s: %.0f lines/s on %d thread%s\n",
           all->count, all->unvisited, all->one, all->finished, o->data_count, o->data_count == 1 ? "" : "s", seconds,
           (double)lines / (seconds > 0 ? seconds : 1e-9), o->threads, o->threads == 1 ? "" : "s");
    return 0;
}

/* Reads every --data file and splits the positions by game. */
static int read_and_split(const struct tune_cli *o, struct policy_data *train, struct policy_data *validation)
{
    struct policy_data all = {0};
    int status = read_data(o, &all);
    if (!status && o->chosen)
        policy_data_choices(&all);
    if (!status) {
        policy_data_split(&all, o->validation, o->seed, train, validation);
        status =
            tune_cli_split(o, train->count, policy_data_games(train), validation->count, policy_data_games(validation));
    }
    policy_data_free(&all);
    return status;
}

/* --plot DIR: loss.svg alone. */
static bool write_plots(const void *context, const char *dir, char **final, char **temporary, int *count, char *why,
                        size_t size)
{
    const struct policy_fit *fit = context;
    struct fit_loss_plot loss = {"policy", &fit->run};
    *count = 0;
    if (!fit_make_directory(dir, why, size) ||
        !fit_write_plot(dir, "loss.svg", fit_draw_loss, &loss, &final[0], &temporary[0], why, size))
        return false;
    *count = 1;
    return true;
}

static int finish(const struct tune_cli *o, const struct policy_fit *fit)
{
    putchar('\n');
    policy_fit_report(stdout, fit);
    printf("train loss: %.6f -> %.6f\n", fit->start_train, fit->train);
    const struct tune_cli_outputs out = {&POLICY_WEIGHTS, fit->fitted.w, write_plots, fit, "loss.svg", NULL};
    int status = tune_cli_write(o, &out);
    if (!status)
        printf("validation loss: %.6f -> %.6f\n", fit->start_validation, fit->validation);
    return status;
}

static int fit_and_write(struct tune_cli *o, const struct policy_weights *start)
{
    struct policy_data train = {0}, validation = {0};
    struct policy_fit fit = {0};
    char why[1024];
    int status = read_and_split(o, &train, &validation);
    if (!status)
        status = tune_cli_fitted(policy_fit(&train, &validation, start, &o->fit, &fit, why, sizeof why), &fit.run, why);
    if (!status)
        status = finish(o, &fit);
    policy_fit_free(&fit);
    policy_data_free(&train);
    policy_data_free(&validation);
    return status;
}

int tune_policy_command(struct tune_cli *o)
{
    if (o->synthetic) { /* positions of random games, visits drawn from known weights */
        struct policy_weights truth = policy_fit_truth();
        struct fit_synthetic s = {
            .games = o->synthetic, .seed = o->seed, .every = 5, .policy = &truth, .visits = SYNTHETIC_VISITS};
        fit_synthetic_write(&s, stdout);
        return fflush(stdout) == 0 ? 0 : 1;
    }
    struct policy_weights start = POLICY_DEFAULT;
    char why[1024];
    if (o->start && !policy_weights_load(o->start, &start, why, sizeof why))
        return tune_cli_error(why);
    tune_cli_signals(true);
    int status = fit_and_write(o, &start);
    tune_cli_signals(false);
    return status;
}
