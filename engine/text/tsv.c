/* tsv.c: see tsv.h. One writer per table, each printing its rows in table order. */
#include "engine/text/tsv.h"

#include <string.h>

#include "engine/core/tables.h"

const char *const TSV_TABLE_NAMES[] = {"areas", "borders", "blocks", "cards", "scenarios", "scenario_info", NULL};

static const char *or_dash(const char *s) { return s ? s : "-"; }

static void print_list(FILE *out, const char *const names[], const uint8_t *items, int count)
{
    if (!count)
        fputc('-', out);
    for (int i = 0; i < count; i++)
        fprintf(out, "%s%s", i ? "," : "", names[items[i]]);
}

static void print_areas(FILE *out)
{
    fputs("# area\tkind\texile_of\tcity\tcathedral\tcrown\tmajor_port\tsea_zones\tshields\n", out);
    for (int a = 0; a < AREA_COUNT; a++) {
        const struct area_info *x = &AREA_INFO[a];
        fprintf(out, "%s\t%s\t%s\t%s\t%s\t%d\t%d\t", x->name, AREA_KIND_NAME[x->kind], SIDE_NAME[x->exile_of],
                or_dash(x->city), or_dash(x->cathedral), x->crown, x->major_port);
        print_list(out, SEA_NAME, x->seas, x->sea_count);
        fputc('\t', out);
        print_list(out, SHIELD_NAME, x->shields, x->shield_count);
        fputc('\n', out);
    }
}

static void print_borders(FILE *out)
{
    fputs("# area_a\tarea_b\tcolour\tlimit\n", out);
    for (int e = 0; e < BORDER_COUNT; e++) {
        const struct border_info *x = &BORDER_INFO[e];
        fprintf(out, "%s\t%s\t%s\t%d\n", AREA_INFO[x->a].name, AREA_INFO[x->b].name, BORDER_COLOUR_NAME[x->colour],
                x->limit);
    }
}

static void print_seats(FILE *out, const struct block_info *x)
{
    static const char *const RULE_NAME[] = {NULL, "any-friendly-city", "any-vacant-non-exile", "Wales"};
    if (x->seat_rule != SEATS_AREAS) {
        fputs(RULE_NAME[x->seat_rule], out);
        return;
    }
    for (int i = 0; i < x->seat_count; i++)
        fprintf(out, "%s%s", i ? "," : "", AREA_INFO[x->seats[i]].name);
}

static void print_blocks(FILE *out)
{
    fputs("# id\tside\ttype\tname\tsteps\tcombat\tloyalty\their_rank\tseats\n", out);
    for (int b = 0; b < BLOCK_COUNT; b++) {
        const struct block_info *x = &BLOCK_INFO[b];
        fprintf(out, "%s\t%s\t%s\t%s\t%d\t%c%d\t%s\t", x->id, SIDE_NAME[x->side], BLOCK_TYPE_NAME[x->type], x->name,
                x->steps, x->initiative, x->fire, LOYALTY_NAME[x->loyalty]);
        if (x->heir_rank)
            fprintf(out, "%d\t", x->heir_rank);
        else
            fputs("-\t", out);
        print_seats(out, x);
        fputc('\n', out);
    }
}

static void print_cards(FILE *out)
{
    fputs("# card\tname\tap\tevent\n", out);
    for (int c = 1; c <= CARD_COUNT; c++)
        fprintf(out, "%d\t%s\t%d\t%s\n", c, CARD_INFO[c].name, CARD_INFO[c].ap, EVENT_NAME[CARD_INFO[c].event]);
}

static void print_scenarios(FILE *out)
{
    fputs("# scenario\tblock\tstart\n"
          "# start: an area name; pool; minor (a minor heir, enters when an heir dies); other-side (this "
          "block is out of play because the other side's version of the noble is in play); dead "
          "(permanently eliminated before the scenario); prisoner (1470: Henry VI held in the Tower, see "
          "rulings)\n",
          out);
    for (int s = 0; s < SCENARIO_COUNT; s++)
        for (int b = 0; b < BLOCK_COUNT; b++) {
            int loc = SCENARIO_START[s][b];
            fprintf(out, "%d\t%s\t%s\n", SCENARIO_INFO[s].year, BLOCK_INFO[b].id,
                    loc < AREA_COUNT ? AREA_INFO[loc].name : LOCATION_NAME[loc - AREA_COUNT]);
        }
}

static void print_scenario_info(FILE *out)
{
    fputs("# scenario\tfirst_campaign\tlast_campaign\tking\tpretender_side\n", out);
    for (int s = 0; s < SCENARIO_COUNT; s++) {
        const struct scenario_info *x = &SCENARIO_INFO[s];
        fprintf(out, "%d\t%d\t%d\t%s\t%s\n", x->year, x->first_campaign, x->last_campaign, BLOCK_INFO[x->king].id,
                SIDE_NAME[x->pretender_side]);
    }
}

/* Each table's printer, in TSV_TABLE_NAMES' order. */
static void (*const TABLE_PRINTERS[])(FILE *) = {print_areas, print_borders,   print_blocks,
                                                 print_cards, print_scenarios, print_scenario_info};

bool tsv_print_table(const char *table, FILE *out)
{
    for (int i = 0; TSV_TABLE_NAMES[i]; i++)
        if (strcmp(table, TSV_TABLE_NAMES[i]) == 0) {
            TABLE_PRINTERS[i](out);
            return true;
        }
    return false;
}
