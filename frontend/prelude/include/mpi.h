/*
 * mpi.h - hgrd prelude: the common part of MPI's C API, as declarations.
 *
 * A CUDA program run as several MPI processes launches its kernels in
 * each; hgrd analyses one process's host code, in which an MPI call is an
 * external call whose results (ranks, sizes, received data) are unknown
 * values. Handles are opaque pointers; the constants are hgrd's own. A
 * system MPI's mpi.h is not read.
 */
#ifndef HGRD_MPI_H
#define HGRD_MPI_H

#include <stddef.h>

typedef struct hgrd_mpi_comm *MPI_Comm;
typedef struct hgrd_mpi_datatype *MPI_Datatype;
typedef struct hgrd_mpi_op *MPI_Op;
typedef struct hgrd_mpi_request *MPI_Request;
typedef struct hgrd_mpi_info *MPI_Info;
typedef struct hgrd_mpi_group *MPI_Group;
typedef struct hgrd_mpi_win *MPI_Win;
typedef long MPI_Aint;
typedef long long MPI_Offset;
typedef long long MPI_Count;
typedef struct MPI_Status {
  int MPI_SOURCE;
  int MPI_TAG;
  int MPI_ERROR;
  int hgrd_count[2];
} MPI_Status;

extern "C" {
/* The predefined handles, each a distinct object of the library. */
extern struct hgrd_mpi_comm hgrd_mpi_comm_world, hgrd_mpi_comm_self,
    hgrd_mpi_comm_null;
extern struct hgrd_mpi_datatype hgrd_mpi_char, hgrd_mpi_signed_char,
    hgrd_mpi_unsigned_char, hgrd_mpi_byte, hgrd_mpi_short,
    hgrd_mpi_unsigned_short, hgrd_mpi_int, hgrd_mpi_unsigned,
    hgrd_mpi_long, hgrd_mpi_unsigned_long, hgrd_mpi_long_long,
    hgrd_mpi_unsigned_long_long, hgrd_mpi_float, hgrd_mpi_double,
    hgrd_mpi_long_double, hgrd_mpi_c_bool, hgrd_mpi_int8, hgrd_mpi_int16,
    hgrd_mpi_int32, hgrd_mpi_int64, hgrd_mpi_uint8, hgrd_mpi_uint16,
    hgrd_mpi_uint32, hgrd_mpi_uint64, hgrd_mpi_float_int,
    hgrd_mpi_double_int, hgrd_mpi_2int, hgrd_mpi_datatype_null;
extern struct hgrd_mpi_op hgrd_mpi_sum, hgrd_mpi_prod, hgrd_mpi_max,
    hgrd_mpi_min, hgrd_mpi_maxloc, hgrd_mpi_minloc, hgrd_mpi_land,
    hgrd_mpi_lor, hgrd_mpi_band, hgrd_mpi_bor, hgrd_mpi_op_null;
extern struct hgrd_mpi_request hgrd_mpi_request_null;
extern struct hgrd_mpi_info hgrd_mpi_info_null;
extern void *hgrd_mpi_in_place;
}

#define MPI_COMM_WORLD (&hgrd_mpi_comm_world)
#define MPI_COMM_SELF (&hgrd_mpi_comm_self)
#define MPI_COMM_NULL (&hgrd_mpi_comm_null)
#define MPI_CHAR (&hgrd_mpi_char)
#define MPI_SIGNED_CHAR (&hgrd_mpi_signed_char)
#define MPI_UNSIGNED_CHAR (&hgrd_mpi_unsigned_char)
#define MPI_BYTE (&hgrd_mpi_byte)
#define MPI_SHORT (&hgrd_mpi_short)
#define MPI_UNSIGNED_SHORT (&hgrd_mpi_unsigned_short)
#define MPI_INT (&hgrd_mpi_int)
#define MPI_UNSIGNED (&hgrd_mpi_unsigned)
#define MPI_LONG (&hgrd_mpi_long)
#define MPI_UNSIGNED_LONG (&hgrd_mpi_unsigned_long)
#define MPI_LONG_LONG (&hgrd_mpi_long_long)
#define MPI_LONG_LONG_INT (&hgrd_mpi_long_long)
#define MPI_UNSIGNED_LONG_LONG (&hgrd_mpi_unsigned_long_long)
#define MPI_FLOAT (&hgrd_mpi_float)
#define MPI_DOUBLE (&hgrd_mpi_double)
#define MPI_LONG_DOUBLE (&hgrd_mpi_long_double)
#define MPI_C_BOOL (&hgrd_mpi_c_bool)
#define MPI_INT8_T (&hgrd_mpi_int8)
#define MPI_INT16_T (&hgrd_mpi_int16)
#define MPI_INT32_T (&hgrd_mpi_int32)
#define MPI_INT64_T (&hgrd_mpi_int64)
#define MPI_UINT8_T (&hgrd_mpi_uint8)
#define MPI_UINT16_T (&hgrd_mpi_uint16)
#define MPI_UINT32_T (&hgrd_mpi_uint32)
#define MPI_UINT64_T (&hgrd_mpi_uint64)
#define MPI_FLOAT_INT (&hgrd_mpi_float_int)
#define MPI_DOUBLE_INT (&hgrd_mpi_double_int)
#define MPI_2INT (&hgrd_mpi_2int)
#define MPI_DATATYPE_NULL (&hgrd_mpi_datatype_null)
#define MPI_SUM (&hgrd_mpi_sum)
#define MPI_PROD (&hgrd_mpi_prod)
#define MPI_MAX (&hgrd_mpi_max)
#define MPI_MIN (&hgrd_mpi_min)
#define MPI_MAXLOC (&hgrd_mpi_maxloc)
#define MPI_MINLOC (&hgrd_mpi_minloc)
#define MPI_LAND (&hgrd_mpi_land)
#define MPI_LOR (&hgrd_mpi_lor)
#define MPI_BAND (&hgrd_mpi_band)
#define MPI_BOR (&hgrd_mpi_bor)
#define MPI_OP_NULL (&hgrd_mpi_op_null)
#define MPI_REQUEST_NULL (&hgrd_mpi_request_null)
#define MPI_INFO_NULL (&hgrd_mpi_info_null)
#define MPI_IN_PLACE (hgrd_mpi_in_place)
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
#define MPI_STATUSES_IGNORE ((MPI_Status *)0)
#define MPI_SUCCESS 0
#define MPI_ERR_OTHER 15
#define MPI_ANY_SOURCE (-1)
#define MPI_ANY_TAG (-1)
#define MPI_PROC_NULL (-2)
#define MPI_ROOT (-3)
#define MPI_UNDEFINED (-32766)
#define MPI_COMM_TYPE_SHARED 1
#define MPI_MAX_PROCESSOR_NAME 256
#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3

extern "C" {
int MPI_Init(int *argc, char ***argv);
int MPI_Init_thread(int *argc, char ***argv, int required, int *provided);
int MPI_Initialized(int *flag);
int MPI_Finalize(void);
int MPI_Finalized(int *flag);
int MPI_Abort(MPI_Comm comm, int errorcode);
double MPI_Wtime(void);
double MPI_Wtick(void);
int MPI_Get_processor_name(char *name, int *resultlen);
int MPI_Comm_rank(MPI_Comm comm, int *rank);
int MPI_Comm_size(MPI_Comm comm, int *size);
int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm);
int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info,
                        MPI_Comm *newcomm);
int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm);
int MPI_Comm_free(MPI_Comm *comm);
int MPI_Barrier(MPI_Comm comm);
int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest,
             int tag, MPI_Comm comm);
int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag,
             MPI_Comm comm, MPI_Status *status);
int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source,
              int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 int dest, int sendtag, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
                 MPI_Status *status);
int MPI_Wait(MPI_Request *request, MPI_Status *status);
int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]);
int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
int MPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);
int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root,
              MPI_Comm comm);
int MPI_Reduce(const void *sendbuf, void *recvbuf, int count,
               MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm);
int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count,
                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
               void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
               MPI_Comm comm);
int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                MPI_Comm comm);
int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  MPI_Comm comm);
int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 MPI_Comm comm);
}

#endif /* HGRD_MPI_H */
