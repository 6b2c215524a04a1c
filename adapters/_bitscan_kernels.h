/* The bitmap loops of _bitscan.c, compiled once per instruction set that module picks from
   at load: included with KERNEL(name) naming this copy's functions and the instruction set
   set by a pragma around the include. Blocks of BLOCK words stay in the CPU's first-level
   cache between the passes over them; each pass is a plain loop the compiler vectorises. */

static int64_t KERNEL(and_words)(unsigned char *out, const unsigned char **parts, int count,
                                 Py_ssize_t words) {
    int64_t found = 0;
    for (Py_ssize_t start = 0; start < words; start += BLOCK) {
        Py_ssize_t n = words - start < BLOCK ? words - start : BLOCK;
        word_t *o = (word_t *)out + start;
        const word_t *a = (const word_t *)parts[0] + start;
        if (count == 1) {
            for (Py_ssize_t i = 0; i < n; i++) o[i] = a[i];
        } else {
            const word_t *b = (const word_t *)parts[1] + start;
            for (Py_ssize_t i = 0; i < n; i++) o[i] = a[i] & b[i];
        }
        for (int k = 2; k < count; k++) {
            const word_t *p = (const word_t *)parts[k] + start;
            for (Py_ssize_t i = 0; i < n; i++) o[i] &= p[i];
        }
        for (Py_ssize_t i = 0; i < n; i++) found += __builtin_popcountll(o[i]);
    }
    return found;
}

static int64_t KERNEL(count_words)(const unsigned char *bits, Py_ssize_t start,
                                   Py_ssize_t stop) {
    const word_t *w = (const word_t *)bits;
    int64_t found = 0;
    for (Py_ssize_t i = start; i < stop; i++) found += __builtin_popcountll(w[i]);
    return found;
}

static int64_t KERNEL(count_and_words)(const unsigned char *a, const unsigned char *b,
                                       Py_ssize_t words) {
    const word_t *x = (const word_t *)a, *y = (const word_t *)b;
    int64_t found = 0;
    for (Py_ssize_t i = 0; i < words; i++) found += __builtin_popcountll(x[i] & y[i]);
    return found;
}
