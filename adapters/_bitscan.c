/* The search index's bitmap passes in one compiled loop each (adapters/bitscan.py).

   A search ANDs a few 125 KB bitmaps (one per filter), counts the result and walks an
   order of listing ids testing its bits. In NumPy each step is a pass of its own over
   memory with a temporary array and a Python call between them; here the AND and its
   count are one pass that writes once, a count stops at its cap, and a walk tests one id
   after another until its page is full. adapters/bitscan.py holds the NumPy versions these
   must equal (tests/unit/test_bitscan.py draws inputs for both).

   Bitmaps are any C-contiguous buffers of bytes, little-endian bit order (bit ``i`` is
   ``byte[i >> 3] >> (i & 7) & 1``), as ``numpy.packbits(..., bitorder="little")`` makes.
   Orders are buffers of native int32 ids. No NumPy headers: the buffer protocol only. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <limits.h>
#include <string.h>

/* A 64-bit word of a bitmap, read from any byte address (a buffer need not be aligned). */
typedef uint64_t word_t __attribute__((aligned(1), may_alias));
#define BLOCK 512 /* words: 4 KB */

#define KERNEL(name) name##_plain
#include "_bitscan_kernels.h"
#undef KERNEL

#if defined(__x86_64__) && defined(__GNUC__)
/* The same loops for CPUs that count a 64-bit word's bits in one instruction, and for
   those that count eight at once (AVX-512 VPOPCNTDQ), picked at load (``pick``). */
#pragma GCC push_options
#pragma GCC target("popcnt")
#define KERNEL(name) name##_popcnt
#include "_bitscan_kernels.h"
#undef KERNEL
#pragma GCC pop_options
#pragma GCC push_options
#pragma GCC target("popcnt,avx2,avx512f,avx512bw,avx512vl,avx512vpopcntdq")
#define KERNEL(name) name##_avx512
#include "_bitscan_kernels.h"
#undef KERNEL
#pragma GCC pop_options
#endif

static int64_t (*and_words)(unsigned char *, const unsigned char **, int, Py_ssize_t) =
    and_words_plain;
static int64_t (*count_words)(const unsigned char *, Py_ssize_t, Py_ssize_t) =
    count_words_plain;
static int64_t (*count_and_words)(const unsigned char *, const unsigned char *, Py_ssize_t) =
    count_and_words_plain;
static const char *kernels = "plain";

static int supports(const char *name) {
    if (strcmp(name, "plain") == 0) return 1;
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    if (strcmp(name, "popcnt") == 0) return __builtin_cpu_supports("popcnt");
    if (strcmp(name, "avx512") == 0)
        return __builtin_cpu_supports("avx512vpopcntdq") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw");
#endif
    return 0;
}

/* Use the loops compiled for ``name`` ("avx512", "popcnt" or "plain"); 0 when this CPU
   (or this build) has not got them. */
static int choose(const char *name) {
    if (!supports(name)) return 0;
#define USE(SUFFIX)                                                                  \
    (and_words = and_words_##SUFFIX, count_words = count_words_##SUFFIX,            \
     count_and_words = count_and_words_##SUFFIX, kernels = #SUFFIX, 1)
#if defined(__x86_64__) && defined(__GNUC__)
    if (strcmp(name, "avx512") == 0) return USE(avx512);
    if (strcmp(name, "popcnt") == 0) return USE(popcnt);
#endif
    return USE(plain);
#undef USE
}

/* The fastest loops this CPU has. */
static void pick(void) {
    if (!choose("avx512") && !choose("popcnt")) choose("plain");
}

/* use(name) -> str: run the loops compiled for ``name`` from now on ("best": the fastest
   this CPU has; tests run each the CPU has), and say which run. */
static PyObject *use(PyObject *Py_UNUSED(module), PyObject *name) {
    const char *wanted = PyUnicode_AsUTF8(name);
    if (wanted == NULL) return NULL;
    if (strcmp(wanted, "best") == 0) {
        pick();
    } else if (!choose(wanted)) {
        PyErr_Format(PyExc_ValueError, "no %s loops on this CPU", wanted);
        return NULL;
    }
    return PyUnicode_FromString(kernels);
}

/* supported() -> tuple: the loops this CPU can run, fastest first. */
static PyObject *supported(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(none)) {
    const char *names[] = {"avx512", "popcnt", "plain"};
    PyObject *found = PyList_New(0);
    if (found == NULL) return NULL;
    for (int i = 0; i < 3; i++) {
        if (!supports(names[i])) continue;
        PyObject *value = PyUnicode_FromString(names[i]);
        if (value == NULL || PyList_Append(found, value) < 0) {
            Py_XDECREF(value);
            Py_DECREF(found);
            return NULL;
        }
        Py_DECREF(value);
    }
    PyObject *answer = PyList_AsTuple(found);
    Py_DECREF(found);
    return answer;
}

static int64_t count_tail(const unsigned char *bits, Py_ssize_t from, Py_ssize_t length) {
    int64_t found = 0;
    for (Py_ssize_t i = from; i < length; i++) found += __builtin_popcount(bits[i]);
    return found;
}

static void release_all(Py_buffer *views, int count) {
    for (int k = 0; k < count; k++) PyBuffer_Release(&views[k]);
}

/* and_into(out, *parts) -> int: ``out`` = the AND of ``parts`` (at least one, each as long
   as ``out``; ``out`` may be one of them), and how many bits it holds. */
static PyObject *and_into(PyObject *Py_UNUSED(module), PyObject *const *args,
                          Py_ssize_t nargs) {
    if (nargs < 2 || nargs > INT_MAX) {
        PyErr_SetString(PyExc_TypeError, "and_into takes an output and at least one bitmap");
        return NULL;
    }
    Py_buffer *views = PyMem_Calloc((size_t)nargs, sizeof(Py_buffer));
    const unsigned char **parts = PyMem_Calloc((size_t)nargs, sizeof(unsigned char *));
    PyObject *answer = NULL;
    int held = 0;
    if (views == NULL || parts == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (PyObject_GetBuffer(args[0], &views[0], PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        goto done;
    held = 1;
    for (Py_ssize_t k = 1; k < nargs; k++) {
        if (PyObject_GetBuffer(args[k], &views[k], PyBUF_C_CONTIGUOUS) < 0) goto done;
        held++;
        if (views[k].len != views[0].len) {
            PyErr_SetString(PyExc_ValueError, "bitmaps of different lengths");
            goto done;
        }
        parts[k - 1] = views[k].buf;
    }
    unsigned char *out = views[0].buf;
    Py_ssize_t length = views[0].len, words = length / 8;
    int count = (int)(nargs - 1);
    int64_t found = and_words(out, parts, count, words);
    for (Py_ssize_t i = words * 8; i < length; i++) {
        unsigned char v = parts[0][i];
        for (int k = 1; k < count; k++) v &= parts[k][i];
        out[i] = v;
        found += __builtin_popcount(v);
    }
    answer = PyLong_FromLongLong(found);
done:
    if (views != NULL) release_all(views, held);
    PyMem_Free(views);
    PyMem_Free(parts);
    return answer;
}

/* population(bits, up_to=-1) -> int: how many bits are set; with ``up_to`` >= 0 the count
   may stop once it has found that many (the answer is then at least ``up_to``). */
static PyObject *population(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "population(bits, up_to=-1)");
        return NULL;
    }
    long long up_to = -1;
    if (nargs == 2 && args[1] != Py_None) {
        up_to = PyLong_AsLongLong(args[1]);
        if (up_to == -1 && PyErr_Occurred()) return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    const unsigned char *bits = view.buf;
    Py_ssize_t words = view.len / 8;
    int64_t found = 0;
    if (up_to < 0) {
        found = count_words(bits, 0, words);
    } else {  /* in blocks of 4 KB, stopping at the first block that reaches the cap */
        const Py_ssize_t block = 512;
        for (Py_ssize_t w = 0; w < words && found < up_to; w += block)
            found += count_words(bits, w, w + block < words ? w + block : words);
    }
    if (up_to < 0 || found < up_to) found += count_tail(bits, words * 8, view.len);
    PyBuffer_Release(&view);
    return PyLong_FromLongLong(found);
}

/* population_of_and(a, b) -> int: how many bits ``a`` and ``b`` both have set. */
static PyObject *population_of_and(PyObject *Py_UNUSED(module), PyObject *const *args,
                                   Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "population_of_and(a, b)");
        return NULL;
    }
    Py_buffer views[2];
    if (PyObject_GetBuffer(args[0], &views[0], PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (PyObject_GetBuffer(args[1], &views[1], PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&views[0]);
        return NULL;
    }
    if (views[0].len != views[1].len) {
        release_all(views, 2);
        PyErr_SetString(PyExc_ValueError, "bitmaps of different lengths");
        return NULL;
    }
    const unsigned char *a = views[0].buf, *b = views[1].buf;
    Py_ssize_t words = views[0].len / 8;
    int64_t found = count_and_words(a, b, words);
    for (Py_ssize_t i = words * 8; i < views[0].len; i++) found += __builtin_popcount(a[i] & b[i]);
    release_all(views, 2);
    return PyLong_FromLongLong(found);
}

/* walk(ids, low, high, descending, bits, limit, budget) -> (found, low, high): up to
   ``limit`` ids of ``ids[low:high]`` whose bit is set, from ``low`` up (or from ``high``
   down when ``descending``), testing at most ``budget`` of them; and the part of
   ``ids[low:high]`` not tested. An id outside the bitmap counts as not set. */
static PyObject *walk(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError,
                        "walk(ids, low, high, descending, bits, limit, budget)");
        return NULL;
    }
    Py_ssize_t low = PyLong_AsSsize_t(args[1]), high = PyLong_AsSsize_t(args[2]);
    int descending = PyObject_IsTrue(args[3]);
    Py_ssize_t limit = PyLong_AsSsize_t(args[5]), budget = PyLong_AsSsize_t(args[6]);
    if (PyErr_Occurred() || descending < 0) return NULL;
    Py_buffer views[2];
    if (PyObject_GetBuffer(args[0], &views[0], PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    if (views[0].itemsize != (Py_ssize_t)sizeof(int32_t)) {
        PyBuffer_Release(&views[0]);
        PyErr_SetString(PyExc_ValueError, "ids must be 32-bit integers");
        return NULL;
    }
    if (PyObject_GetBuffer(args[4], &views[1], PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&views[0]);
        return NULL;
    }
    const int32_t *ids = views[0].buf;
    Py_ssize_t count = views[0].len / (Py_ssize_t)sizeof(int32_t);
    const unsigned char *bits = views[1].buf;
    int64_t capacity = (int64_t)views[1].len * 8;
    if (low < 0) low = 0;
    if (high > count) high = count;
    PyObject *found = PyList_New(0);
    if (found == NULL) {
        release_all(views, 2);
        return NULL;
    }
    Py_ssize_t tested = 0;
    while (low < high && PyList_GET_SIZE(found) < limit && tested < budget) {
        int32_t id = descending ? ids[--high] : ids[low++];
        tested++;
        if (id >= 0 && id < capacity && (bits[id >> 3] >> (id & 7) & 1)) {
            PyObject *value = PyLong_FromLong(id);
            if (value == NULL || PyList_Append(found, value) < 0) {
                Py_XDECREF(value);
                Py_DECREF(found);
                release_all(views, 2);
                return NULL;
            }
            Py_DECREF(value);
        }
    }
    release_all(views, 2);
    return Py_BuildValue("(Nnn)", found, low, high);
}

static PyMethodDef methods[] = {
    {"and_into", (PyCFunction)(void (*)(void))and_into, METH_FASTCALL,
     "and_into(out, *parts) -> int: out = the AND of parts; its population."},
    {"population", (PyCFunction)(void (*)(void))population, METH_FASTCALL,
     "population(bits, up_to=-1) -> int: bits set (may stop at up_to)."},
    {"population_of_and", (PyCFunction)(void (*)(void))population_of_and, METH_FASTCALL,
     "population_of_and(a, b) -> int: bits set in both."},
    {"walk", (PyCFunction)(void (*)(void))walk, METH_FASTCALL,
     "walk(ids, low, high, descending, bits, limit, budget) -> (found, low, high)."},
    {"use", use, METH_O, "use(name) -> str: run the loops compiled for name ('best')."},
    {"supported", supported, METH_NOARGS, "supported() -> tuple: the loops this CPU runs."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_bitscan",
                                    "The search index's bitmap passes, compiled.", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__bitscan(void) {
    pick();
    PyObject *made = PyModule_Create(&module);
    if (made != NULL && PyModule_AddStringConstant(made, "KERNELS", kernels) < 0) {
        Py_DECREF(made);
        return NULL;
    }
    return made;
}
