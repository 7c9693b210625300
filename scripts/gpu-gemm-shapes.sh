# Sourced by the GPU scripts of issue 13 (n = 1024, fp32): the product and the named SGEMM shapes they
# measure, so that each shape is written once. A script adds ks, and kwi to the scalar shapes, where
# it fixes or varies them.
#   GM0  the 1024³ fp32 product on the indirect path (B transposed, beta 0), without reps
#   J1   jocl's tuned 1024 shape: 128×64×32, 16×8 threads, float4, kwi 8
#   J2   the best of call 2's random search with ks (raw/i13-splitk-call2): J1 with mdima 32, float2
#   J4   CLBlast's 4096 shape: 128×128×16, 16×16 threads, float4, kwi 8
#   A1–A4, A5  the Java routes' scalar shapes (vwm 1): A3 = 128×128×32 with 16×8 threads (Aparapi's best at
#        1024 with ks 4); A4 = 64×128×64 with 8×8 (TornadoVM's 4096 shape)
GM0=(--variant indirect --param transb=t --param alpha=1 --param beta=0 --param type=float --param m=1024 --param n=1024 --param k=1024)
J1=(--param mwg=128 --param nwg=64 --param kwg=32 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16 --param kwi=8
    --param vwm=4 --param vwn=4 --param strm=1 --param strn=0 --param sa=1 --param sb=1)
J2=(--param mwg=128 --param nwg=64 --param kwg=32 --param mdimc=16 --param ndimc=8 --param mdima=32 --param ndimb=16 --param kwi=8
    --param vwm=2 --param vwn=2 --param strm=1 --param strn=0 --param sa=1 --param sb=1)
J4=(--param mwg=128 --param nwg=128 --param kwg=16 --param mdimc=16 --param ndimc=16 --param mdima=16 --param ndimb=16 --param kwi=8
    --param vwm=4 --param vwn=4 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
A1=(--param mwg=32 --param nwg=64 --param kwg=64 --param mdimc=8 --param ndimc=16 --param mdima=32 --param ndimb=16
    --param vwm=1 --param vwn=2 --param strm=0 --param strn=1 --param sa=1 --param sb=1)
A2=(--param mwg=128 --param nwg=64 --param kwg=32 --param mdimc=16 --param ndimc=16 --param mdima=16 --param ndimb=16
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
A3=(--param mwg=128 --param nwg=128 --param kwg=32 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
A4=(--param mwg=64 --param nwg=128 --param kwg=64 --param mdimc=8 --param ndimc=8 --param mdima=16 --param ndimb=32
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
A5=(--param mwg=128 --param nwg=128 --param kwg=32 --param mdimc=16 --param ndimc=16 --param mdima=32 --param ndimb=32
    --param vwm=1 --param vwn=2 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
