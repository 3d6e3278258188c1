# zlib's crc32 (zlib.h), called from the compiled loops without a Python call per event. The prototype is
# zlib's own, declared here so that no zlib headers are needed; the modules that cimport it link
# libz.so.1, the library Python's zlib module uses (setup.py).
cdef extern from *:
    """
    unsigned long crc32(unsigned long crc, const unsigned char *buf, unsigned int len);
    """
    unsigned long zlib_crc32 "crc32"(unsigned long crc, const unsigned char* buf, unsigned int length) noexcept nogil
